//! Calendar dates for legality as of a day (issue #32): `YYYY-MM-DD` read and checked,
//! today's date from the system clock (UTC), compared as plain values. No time zones, no
//! times of day: a format or a list change takes effect on a date.

use serde::Serialize;
use std::fmt;

/// A proleptic Gregorian date, ordered by year, month, day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// Reads `YYYY-MM-DD` (surrounding spaces ignored), checking the month's length.
    pub fn parse(s: &str) -> Result<Date, String> {
        let s = s.trim();
        let bad = || {
            format!(
                "`{}` is not a date: expected YYYY-MM-DD, such as 2026-03-14",
                s.chars().take(40).collect::<String>()
            )
        };
        let parts: Vec<&str> = s.split('-').collect();
        let [y, m, d] = parts.as_slice() else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let year: i32 = y.parse().map_err(|_| bad())?;
        let month: u8 = m.parse().map_err(|_| bad())?;
        let day: u8 = d.parse().map_err(|_| bad())?;
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(format!("{s} is not a day of the calendar"));
        }
        Ok(Date { year, month, day })
    }

    /// Today in UTC, from the system clock.
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        Date::from_days((secs / 86_400) as i64)
    }

    /// The date `days` days after 1970-01-01 (Howard Hinnant's civil-from-days).
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => 31,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_checked_and_counted() {
        assert_eq!(Date::parse("2026-03-14").unwrap().to_string(), "2026-03-14");
        assert!(Date::parse("2026-02-29").is_err());
        assert!(Date::parse("2024-02-29").is_ok());
        assert!(Date::parse("14/03/2026").is_err());
        assert!(Date::parse("2026-13-01").is_err());
        assert_eq!(Date::from_days(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_days(20_000).to_string(), "2024-10-04");
        assert!(Date::parse("2026-01-31").unwrap() < Date::parse("2026-02-01").unwrap());
    }
}

//! The event's answer: every registration judged as of the event's date (D12), the
//! counts, the decks sorted illegal-first, the judges' worklist (one row per problem,
//! its line the line of the file as uploaded) and the seeded deck-check draw.

use super::{Registration, Registrations};
use crate::catalogue::Catalogue;
use crate::date::Date;
use crate::decks::{parse_decklist, parse_json, DeckError, DeckValidator, Severity, Verdict};
use crate::diag::Diagnostic;
use serde::Serialize;

/// What the organiser asked for.
#[derive(Debug, Clone)]
pub struct EventOptions {
    pub name: String,
    pub format: String,
    /// The event's date: legality is judged as of it.
    pub date: Date,
    /// The registration date: a card whose status differs on it is flagged.
    pub registered: Option<Date>,
    /// Deck checks: (decks per round, rounds, seed).
    pub draw: Option<(usize, usize, u64)>,
}

/// One player's deck, judged.
#[derive(Debug, Clone, Serialize)]
pub struct EventDeck {
    /// Its place in the registrations (1-based), by which the draw names it.
    pub number: usize,
    pub player: String,
    pub team: Option<String>,
    pub id: Option<String>,
    pub file: String,
    /// The line of `file` where the list starts; a verdict's line `n` is `first_line + n - 1`.
    pub first_line: usize,
    pub verdict: Option<Verdict>,
    /// Why the list could not be judged.
    pub error: Option<String>,
    /// Names the catalogue does not know, as written, with their counts (for the sheet).
    pub unknown: Vec<(String, u32)>,
    /// For each of the verdict's violations, the text of its first line as the player
    /// wrote it (none for a violation of no line, or a JSON list).
    pub quoted: Vec<Option<String>>,
}

impl EventDeck {
    /// `legal`, `warnings` (legal with warnings), `illegal` or `unreadable`.
    pub fn status(&self) -> &'static str {
        match &self.verdict {
            None => "unreadable",
            Some(v) if !v.legal => "illegal",
            Some(v) if v.warnings > 0 => "warnings",
            Some(_) => "legal",
        }
    }
    /// A line of the deck's own list as the organiser sees it in its file.
    pub fn file_line(&self, line: usize) -> usize {
        self.first_line + line.saturating_sub(1)
    }
    fn rank(&self) -> u8 {
        match self.status() {
            "unreadable" => 0,
            "illegal" => 1,
            "warnings" => 2,
            _ => 3,
        }
    }
}

/// The event's counts.
#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq)]
pub struct Tally {
    pub players: usize,
    pub legal: usize,
    pub illegal: usize,
    /// Legal decks with at least one warning (counted in `legal` too).
    pub warnings: usize,
    pub unreadable: usize,
    /// Problems of the upload itself (located in the CSV or the zip).
    pub upload_problems: usize,
}

/// The whole event's answer.
#[derive(Debug, Clone, Serialize)]
pub struct EventReport {
    pub object: &'static str,
    pub name: String,
    pub format: String,
    pub date: Date,
    pub registered: Option<Date>,
    pub tally: Tally,
    /// Sorted: unreadable, illegal, legal with warnings, legal; then by player.
    pub decks: Vec<EventDeck>,
    pub problems: Vec<Diagnostic>,
    /// The draw's seed, and the deck numbers drawn for each round.
    pub draw: Option<(u64, Vec<Vec<usize>>)>,
}

impl EventReport {
    /// The process exit code: 0 every list legal, 1 any illegal, 2 any unreadable or a
    /// problem of the upload.
    pub fn exit_code(&self) -> u8 {
        let t = &self.tally;
        if t.unreadable > 0 || t.upload_problems > 0 {
            2
        } else if t.illegal > 0 {
            1
        } else {
            0
        }
    }

    /// The deck of registration number `n`.
    pub fn deck(&self, n: usize) -> Option<&EventDeck> {
        self.decks.iter().find(|d| d.number == n)
    }
}

/// Judges every registration in `opts.format` as of `opts.date`. Within a budget
/// (`rules::budget`, the web's heavy-work turn) it stops between decks once the budget
/// is spent, and its caller throws the partial report away.
pub fn check(
    cat: &Catalogue,
    regs: Registrations,
    opts: &EventOptions,
) -> Result<EventReport, DeckError> {
    let v = DeckValidator::dated(cat, &opts.format, opts.date, opts.registered)?;
    let mut decks: Vec<EventDeck> = regs
        .decks
        .into_iter()
        .enumerate()
        .take_while(|_| !crate::rules::budget::exhausted())
        .map(|(i, r)| judge(&v, i + 1, r))
        .collect();
    let mut t = Tally {
        players: decks.len(),
        upload_problems: regs.problems.len(),
        ..Tally::default()
    };
    for d in &decks {
        match d.status() {
            "unreadable" => t.unreadable += 1,
            "illegal" => t.illegal += 1,
            "warnings" => {
                t.legal += 1;
                t.warnings += 1
            }
            _ => t.legal += 1,
        }
    }
    let draw = opts
        .draw
        .map(|(n, rounds, seed)| (seed, draw(decks.len(), n, rounds, seed)));
    decks.sort_by(|a, b| {
        a.rank()
            .cmp(&b.rank())
            .then_with(|| crate::text::fold(&a.player).cmp(&crate::text::fold(&b.player)))
            .then(a.number.cmp(&b.number))
    });
    Ok(EventReport {
        object: "event",
        name: opts.name.clone(),
        format: v.format().name.clone(),
        date: opts.date,
        registered: opts.registered,
        tally: t,
        decks,
        problems: regs.problems,
        draw,
    })
}

fn judge(v: &DeckValidator, number: usize, r: Registration) -> EventDeck {
    let mut deck = EventDeck {
        number,
        player: r.player,
        team: r.team,
        id: r.id,
        file: r.file,
        first_line: r.first_line,
        verdict: None,
        error: None,
        unknown: Vec::new(),
        quoted: Vec::new(),
    };
    let json = r.json;
    let text = match r.text {
        Err(e) => {
            deck.error = Some(e);
            return deck;
        }
        Ok(text) => text,
    };
    let list = if json {
        match parse_json(&text) {
            Ok(l) => l,
            Err(e) => {
                deck.error = Some(format!("{}: {e}", deck.file));
                return deck;
            }
        }
    } else {
        parse_decklist(&text)
    };
    let verdict = v.validate(&list);
    let known: std::collections::HashSet<String> = verdict
        .summary
        .cards
        .iter()
        .map(|c| crate::text::fold(&c.name))
        .collect();
    deck.unknown = list
        .entries
        .iter()
        .filter(|e| !known.contains(&crate::text::fold(&e.name)))
        .map(|e| (e.name.clone(), e.count))
        .collect();
    if deck.player.is_empty() {
        deck.player = verdict.player.clone().unwrap_or_else(|| deck.file.clone());
    }
    if !json {
        let lines: Vec<&str> = text.split('\n').collect();
        deck.quoted = verdict
            .violations
            .iter()
            .map(|x| {
                let l = x.lines.first()?;
                let s = lines.get(l.checked_sub(1)?)?.trim();
                Some(crate::text::escape_controls(s).chars().take(120).collect())
            })
            .collect();
    }
    deck.verdict = Some(verdict);
    deck
}

/// One row of the judges' worklist: one problem of one deck, or of the upload.
#[derive(Debug, Clone, Serialize)]
pub struct WorklistRow {
    pub deck: String,
    pub player: String,
    pub file: String,
    /// The lines of `file` involved, `;`-separated.
    pub line: String,
    pub severity: String,
    pub rule: String,
    pub message: String,
    pub actual: String,
    pub allowed: String,
    pub hint: String,
}

impl WorklistRow {
    pub const COLUMNS: [&'static str; 10] = [
        "deck", "player", "file", "line", "severity", "rule", "message", "actual", "allowed",
        "hint",
    ];

    pub fn cells(&self) -> [&str; 10] {
        [
            &self.deck,
            &self.player,
            &self.file,
            &self.line,
            &self.severity,
            &self.rule,
            &self.message,
            &self.actual,
            &self.allowed,
            &self.hint,
        ]
    }

    /// Every problem of the event: the upload's first, then each deck's in report order.
    pub fn of(report: &EventReport) -> Vec<WorklistRow> {
        let mut rows: Vec<WorklistRow> = report
            .problems
            .iter()
            .map(|p| WorklistRow {
                deck: String::new(),
                player: String::new(),
                file: p.file.clone(),
                line: p.line.to_string(),
                severity: "error".into(),
                rule: "upload".into(),
                message: p.message.clone(),
                actual: String::new(),
                allowed: String::new(),
                hint: p.hint.clone().unwrap_or_default(),
            })
            .collect();
        for d in &report.decks {
            rows.extend(deck_rows(d));
        }
        rows
    }
}

fn deck_rows(d: &EventDeck) -> Vec<WorklistRow> {
    let row = |severity: &str, rule: &str, message: &str| WorklistRow {
        deck: d.number.to_string(),
        player: d.player.clone(),
        file: d.file.clone(),
        line: String::new(),
        severity: severity.into(),
        rule: rule.into(),
        message: message.into(),
        actual: String::new(),
        allowed: String::new(),
        hint: String::new(),
    };
    let Some(v) = &d.verdict else {
        let mut r = row("error", "unreadable", d.error.as_deref().unwrap_or(""));
        r.line = d.first_line.to_string();
        return vec![r];
    };
    v.violations
        .iter()
        .filter(|x| x.severity != Severity::Note)
        .map(|x| WorklistRow {
            line: x
                .lines
                .iter()
                .map(|l| d.file_line(*l).to_string())
                .collect::<Vec<_>>()
                .join("; "),
            actual: x.actual.clone().unwrap_or_default(),
            allowed: x.allowed.clone().unwrap_or_default(),
            hint: x.suggestion.clone().unwrap_or_default(),
            ..row(x.severity.as_str(), &x.rule, &x.message)
        })
        .collect()
}

/// The deck numbers (1-based) drawn for each of `rounds` rounds, `per_round` distinct
/// decks each, from decks `1..=count`: PCG-32 seeded with `seed`, a partial
/// Fisher–Yates shuffle per round. The same seed and count give the same draw anywhere.
pub fn draw(count: usize, per_round: usize, rounds: usize, seed: u64) -> Vec<Vec<usize>> {
    use rand::RngCore;
    let mut rng = rand_pcg::Pcg32::new(seed, 0x0a02_bdbf_7bb3_c0a7);
    let below = |rng: &mut rand_pcg::Pcg32, n: usize| -> usize {
        // Rejection sampling: uniform on 0..n without modulo bias.
        let n32 = n as u32;
        let zone = u32::MAX - (u32::MAX % n32);
        loop {
            let x = rng.next_u32();
            if x < zone {
                return (x % n32) as usize;
            }
        }
    };
    let k = per_round.min(count);
    (0..rounds.min(100))
        .map(|_| {
            let mut pool: Vec<usize> = (1..=count).collect();
            for i in 0..k {
                let j = i + below(&mut rng, count - i);
                pool.swap(i, j);
            }
            pool.truncate(k);
            pool
        })
        .collect()
}

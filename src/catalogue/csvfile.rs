//! Reading one CSV file of the import format, keeping where every field came from.
//!
//! It accepts what spreadsheets write (a UTF-8 byte-order mark, CRLF, quoted fields with
//! commas, quotes and newlines, trailing empty columns) and turns everything else into a
//! [`Diagnostic`] with the line and column of the offending character. It knows the
//! CSV layer only: which columns a file must have is the validator's business.
//!
//! [`CsvWriter`] is the other direction, for the few CSV files the crate writes (the deck
//! check report, synthetic data sets), so that no other module knows the `csv` crate.

use crate::diag::{Diagnostic, Diagnostics};

/// One data row: its fields and where the record starts in the file. The fields share
/// one buffer (a `csv::StringRecord`), which keeps a large import off the allocator.
#[derive(Debug, Clone)]
pub struct Record {
    /// Byte offset of the record's first character (after any BOM).
    byte: usize,
    fields: csv::StringRecord,
}

impl Record {
    /// The fields, trimmed of surrounding spaces.
    pub fn fields(&self) -> impl Iterator<Item = &str> {
        self.fields.iter().map(str::trim)
    }
    /// Field `i`, trimmed; empty when the row is shorter.
    pub fn field(&self, i: usize) -> &str {
        self.fields.get(i).map(str::trim).unwrap_or("")
    }
    /// Field `i` as read, untrimmed (a multi-line cell keeps its leading line breaks, so
    /// that its lines can be counted from [`CsvFile::field_lines`]).
    pub fn raw_field(&self, i: usize) -> &str {
        self.fields.get(i).unwrap_or("")
    }
}

/// A parsed CSV file.
#[derive(Debug)]
pub struct CsvFile {
    /// The file's name as shown in messages (`data/cards/karth.csv`).
    pub display: String,
    raw: String,
    /// Header names, trimmed and lowercased; blank for an unnamed (ignored) column.
    pub headers: Vec<String>,
    pub records: Vec<Record>,
}

const BOM: &str = "\u{feff}";

impl CsvFile {
    /// Parses `bytes`; on failure returns every problem found.
    pub fn parse(display: impl Into<String>, bytes: Vec<u8>) -> Result<CsvFile, Diagnostics> {
        Self::parse_at_most(display, bytes, usize::MAX)
    }

    /// [`CsvFile::parse`], reading at most `most + 1` data rows (the one past `most`, so
    /// that a caller can locate its refusal): the rows after it are never read.
    pub fn parse_at_most(
        display: impl Into<String>,
        bytes: Vec<u8>,
        most: usize,
    ) -> Result<CsvFile, Diagnostics> {
        let display = display.into();
        let raw = match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let prefix = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
                let (line, column) = line_col(&prefix, prefix.len());
                let mut d = Diagnostics::default();
                d.push(
                    Diagnostic::new(&display, line, column, "the file is not valid UTF-8")
                        .with_hint("save it as \"CSV UTF-8\" from the spreadsheet"),
                );
                return Err(d);
            }
        };
        let raw = raw.strip_prefix(BOM).map(str::to_owned).unwrap_or(raw);
        if let Some(at) = unterminated_quote(&raw) {
            let (line, column) = line_col(&raw, at);
            let mut d = Diagnostics::default();
            d.push(
                Diagnostic::new(&display, line, column, "this quoted field is never closed")
                    .with_hint(
                        "add the closing `\"`; a quote inside a quoted field is written `\"\"`",
                    ),
            );
            return Err(d);
        }
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(raw.as_bytes());
        let mut records = Vec::new();
        let mut record = csv::StringRecord::new();
        // The header and `most + 1` data rows.
        while records.len() < most.saturating_add(2) {
            match reader.read_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {
                    // With CRLF, csv reports the record as starting at the `\n` of the
                    // previous terminator; the record really starts after it.
                    let mut byte = record.position().map(|p| p.byte() as usize).unwrap_or(0);
                    while matches!(raw.as_bytes().get(byte), Some(b'\r' | b'\n')) {
                        byte += 1;
                    }
                    // A completely blank line is not a record.
                    if record.iter().all(|f| f.trim().is_empty()) {
                        continue;
                    }
                    records.push(Record {
                        byte,
                        fields: record.clone(),
                    });
                }
                Err(e) => {
                    let (line, column) = e
                        .position()
                        .map(|p| line_col(&raw, p.byte() as usize))
                        .unwrap_or((1, 1));
                    let mut d = Diagnostics::default();
                    d.push(Diagnostic::new(
                        &display,
                        line,
                        column,
                        format!("unreadable CSV: {e}"),
                    ));
                    return Err(d);
                }
            }
        }
        if records.is_empty() {
            let mut d = Diagnostics::default();
            d.push(Diagnostic::new(
                &display,
                1,
                1,
                "the file is empty: expected a header row",
            ));
            return Err(d);
        }
        let header = records.remove(0);
        let headers = header.fields().map(str::to_lowercase).collect();
        let file = CsvFile {
            display,
            raw,
            headers,
            records,
        };
        file.check_widths()?;
        Ok(file)
    }

    /// Rows may be shorter than the header (missing trailing fields read as empty), but a
    /// non-empty field with no header is an error.
    fn check_widths(&self) -> Result<(), Diagnostics> {
        let mut d = Diagnostics::default();
        for rec in &self.records {
            for (i, f) in rec.fields().enumerate().skip(self.headers.len()) {
                if !f.is_empty() {
                    d.push(
                        self.diag(
                            rec,
                            i,
                            format!(
                            "this row has a value in column {} but the header has only {} columns",
                            i + 1,
                            self.headers.len()
                        ),
                        )
                        .with_hint(
                            "quote fields that contain commas, or add a header for the column",
                        ),
                    );
                    break;
                }
            }
        }
        if d.is_empty() {
            Ok(())
        } else {
            Err(d)
        }
    }

    /// For each record in order, the 1-based line where field `field`'s text (as
    /// [`Record::raw_field`] reads it) starts: one walk over the file, not one per record.
    pub fn field_lines(&self, field: usize) -> Vec<usize> {
        let bytes = self.raw.as_bytes();
        let mut line = 1;
        let mut at = 0;
        self.records
            .iter()
            .map(|rec| {
                let (start, _) = self.field_start(rec, field);
                let start = start.min(bytes.len());
                if start >= at {
                    line += bytes[at..start].iter().filter(|&&b| b == b'\n').count();
                    at = start;
                }
                line
            })
            .collect()
    }

    /// The 1-based line `rec` starts on.
    pub fn line_of(&self, rec: &Record) -> usize {
        line_col(&self.raw, rec.byte).0
    }

    /// The index of the column called `name`, if the header has it.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.headers.iter().position(|h| h == name)
    }

    /// The field of `rec` in column `col` (empty when the column or field is absent).
    pub fn get<'r>(&self, rec: &'r Record, col: Option<usize>) -> &'r str {
        col.map(|c| rec.field(c)).unwrap_or("")
    }

    /// Line and column (1-based, in characters) of the first character of field `field` of
    /// `rec`, past any opening quote and leading spaces. A field past the end of the record
    /// is located at the record's end.
    pub fn locate(&self, rec: &Record, field: usize) -> (usize, usize) {
        line_col(&self.raw, self.field_start(rec, field).0)
    }

    /// The byte where [`Self::locate`] puts field `field` of `rec`, and whether the field
    /// is quoted (its opening quote was skipped).
    fn field_start(&self, rec: &Record, field: usize) -> (usize, bool) {
        let bytes = self.raw.as_bytes();
        let mut i = rec.byte;
        let mut current = 0;
        let mut in_quotes = false;
        while current < field && i < bytes.len() {
            match bytes[i] {
                b'"' => in_quotes = !in_quotes,
                b',' if !in_quotes => current += 1,
                b'\n' | b'\r' if !in_quotes => break,
                _ => {}
            }
            i += 1;
        }
        while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
            i += 1;
        }
        let quoted = i < bytes.len() && bytes[i] == b'"';
        (i + usize::from(quoted), quoted)
    }

    /// A diagnostic pointing at the character at byte `byte` of the trimmed field `field`
    /// of `rec` (as [`Record::field`] returns it), wherever quoting put it in the file.
    pub fn diag_char(
        &self,
        rec: &Record,
        field: usize,
        byte: usize,
        message: impl Into<String>,
    ) -> Diagnostic {
        let (mut at, quoted) = self.field_start(rec, field);
        let read = rec.fields.get(field).unwrap_or("");
        // The trimmed field starts this far into the field as read.
        let trimmed_from = read.len() - read.trim_start().len();
        // `field_start` skipped the leading spaces of an unquoted field, not of a quoted one.
        let skipped = if quoted {
            0
        } else {
            read.len() - read.trim_start_matches([' ', '\t']).len()
        };
        let target = trimmed_from + byte;
        for c in read.get(skipped.min(target)..target).unwrap_or("").chars() {
            // Inside quotes, a quote is written twice.
            at += if quoted && c == '"' { 2 } else { c.len_utf8() };
        }
        let (line, column) = line_col(&self.raw, at);
        Diagnostic::new(&self.display, line, column, message)
    }

    /// A diagnostic pointing at field `field` of `rec`.
    pub fn diag(&self, rec: &Record, field: usize, message: impl Into<String>) -> Diagnostic {
        let (line, column) = self.locate(rec, field);
        Diagnostic::new(&self.display, line, column, message)
    }

    /// A diagnostic pointing `offset` characters into field `field` of `rec` (for an item
    /// inside a list field).
    pub fn diag_at(
        &self,
        rec: &Record,
        field: usize,
        offset: usize,
        message: impl Into<String>,
    ) -> Diagnostic {
        let (line, column) = self.locate(rec, field);
        let start = self.byte_of(line, column);
        let mut line = line;
        let mut column = column;
        for c in self.raw[start..].chars().take(offset) {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        Diagnostic::new(&self.display, line, column, message)
    }

    /// A diagnostic about the header row.
    pub fn header_diag(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.display, 1, 1, message)
    }

    fn byte_of(&self, line: usize, column: usize) -> usize {
        let line_start = if line <= 1 {
            0
        } else {
            self.raw
                .match_indices('\n')
                .nth(line - 2)
                .map(|(i, _)| i + 1)
                .unwrap_or(self.raw.len())
        };
        self.raw[line_start..]
            .char_indices()
            .nth(column - 1)
            .map(|(i, _)| line_start + i)
            .unwrap_or(self.raw.len())
    }
}

/// 1-based line and character column of byte offset `at` in `s`.
fn line_col(s: &str, at: usize) -> (usize, usize) {
    let at = at.min(s.len());
    let before = &s[..floor_char_boundary(s, at)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let column = before[line_start..].trim_end_matches('\r').chars().count() + 1;
    (line, column)
}

fn floor_char_boundary(s: &str, mut at: usize) -> usize {
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Byte offset of the opening quote of a quoted field that never closes, if any.
fn unterminated_quote(raw: &str) -> Option<usize> {
    let bytes = raw.as_bytes();
    let mut in_quotes = false;
    let mut opened = 0;
    let mut at_field_start = true;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_quotes {
            if b == b'"' {
                if bytes.get(i + 1) == Some(&b'"') {
                    i += 1;
                } else {
                    in_quotes = false;
                }
            }
        } else {
            match b {
                b'"' if at_field_start => {
                    in_quotes = true;
                    opened = i;
                }
                b',' | b'\n' | b'\r' => {
                    at_field_start = true;
                    i += 1;
                    continue;
                }
                b' ' | b'\t' if at_field_start => {
                    i += 1;
                    continue;
                }
                _ => {}
            }
            at_field_start = false;
        }
        i += 1;
    }
    in_quotes.then_some(opened)
}

/// Writes CSV rows (quoting what needs quoting) to a file or any writer.
pub struct CsvWriter<W: std::io::Write> {
    inner: csv::Writer<W>,
    spreadsheet_safe: bool,
}

impl CsvWriter<std::fs::File> {
    /// Creates (or truncates) the regular file at `path`; anything else there (a FIFO, a
    /// device, a directory) is refused untouched ([`crate::files::create_regular`]).
    pub fn create(path: &std::path::Path) -> std::io::Result<Self> {
        let file = crate::files::create_regular(path).map_err(|e| match e {
            crate::files::FileError::Io(e) => e,
            e => std::io::Error::other(e),
        })?;
        Ok(CsvWriter::new(file))
    }
}

impl<W: std::io::Write> CsvWriter<W> {
    pub fn new(w: W) -> Self {
        CsvWriter {
            inner: csv::Writer::from_writer(w),
            spreadsheet_safe: false,
        }
    }

    /// Makes every later cell [`spreadsheet_safe`]: for a file meant for a spreadsheet.
    pub fn spreadsheet_safe(mut self) -> Self {
        self.spreadsheet_safe = true;
        self
    }

    /// Writes one row.
    pub fn row<I, S>(&mut self, cells: I) -> std::io::Result<()>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let safe = self.spreadsheet_safe;
        let cells = cells.into_iter().map(|c| {
            let c = c.as_ref();
            if safe {
                spreadsheet_safe(c).into_owned()
            } else {
                c.to_owned()
            }
        });
        Ok(self.inner.write_record(cells)?)
    }

    /// Flushes what is buffered to the underlying writer.
    pub fn finish(mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// A cell a spreadsheet will not run as a formula: text starting with `=`, `+`, `-`, `@`,
/// a tab or a carriage return gets a leading `'` (the OWASP advice for CSV injection).
pub fn spreadsheet_safe(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> CsvFile {
        CsvFile::parse("t.csv", s.as_bytes().to_vec()).unwrap()
    }

    #[test]
    fn bom_crlf_multiline_and_trailing_empty_columns() {
        let f = parse(
            "\u{feff}Name,Type,,\r\n\"Wall, of Ice\",summon,,\r\n\"Multi\r\nline\",creature\r\n",
        );
        assert_eq!(f.headers, vec!["name", "type", "", ""]);
        assert_eq!(f.records.len(), 2);
        assert_eq!(f.records[0].field(0), "Wall, of Ice");
        assert_eq!(f.records[1].field(0), "Multi\r\nline");
        assert_eq!(f.line_of(&f.records[1]), 3);
        assert_eq!(f.locate(&f.records[1], 1), (4, 7));
    }

    #[test]
    fn locate_counts_characters_not_bytes() {
        let f = parse("a,b,c\n“Æ”,é,x\n");
        assert_eq!(f.locate(&f.records[0], 2), (2, 7));
        let f = parse("a,b\n\"x\",\"y\"\n");
        assert_eq!(f.locate(&f.records[0], 1), (2, 6));
    }

    #[test]
    fn rejects_what_cannot_be_read() {
        let e = CsvFile::parse("t.csv", b"a,b\n1,\"open\n".to_vec()).unwrap_err();
        assert_eq!(
            e.0[0].to_string().lines().next().unwrap(),
            "t.csv:2:3: this quoted field is never closed"
        );
        let e = CsvFile::parse("t.csv", b"a,b\nx,\xff\n".to_vec()).unwrap_err();
        assert_eq!((e.0[0].line, e.0[0].column), (2, 3));
        let e = CsvFile::parse("t.csv", b"a,b\n1,2,3\n".to_vec()).unwrap_err();
        assert_eq!((e.0[0].line, e.0[0].column), (2, 5));
        assert!(CsvFile::parse("t.csv", b"".to_vec()).is_err());
    }

    #[test]
    fn diag_char_points_at_the_character_through_quotes_and_spaces() {
        let f = parse("name,text\n  ab\u{0}c,x\n\"q\"\"\u{1b}\",\"\"\"y\"\"\u{7}\"\n");
        let at = |row: usize, field: usize, byte: usize| {
            let d = f.diag_char(&f.records[row], field, byte, "m");
            (d.line, d.column)
        };
        assert_eq!(f.records[0].field(0), "ab\u{0}c");
        assert_eq!(at(0, 0, 2), (2, 5));
        assert_eq!(f.records[1].field(0), "q\"\u{1b}");
        assert_eq!(at(1, 0, 2), (3, 5));
        assert_eq!(f.records[1].field(1), "\"y\"\u{7}");
        assert_eq!(at(1, 1, 3), (3, 14));
    }

    #[test]
    fn diag_at_points_inside_a_field() {
        let f = parse("name,abilities\nX,\"Fury; Armr 2\"\n");
        let d = f.diag_at(&f.records[0], 1, 6, "unknown");
        assert_eq!((d.line, d.column), (2, 10));
    }
}

//! The query language's syntax: text in, a tree of terms out, plus a warning for each
//! piece that had to be dropped. Which fields exist and what they mean is the compiler's
//! business (`compile.rs`); this module only knows the shape (see `docs/search.md`).
//!
//! Grammar (AND binds tighter than OR, as on Scryfall):
//! ```text
//! query := and ( OR and )*
//! and   := unary+                       juxtaposition is AND; the word AND is allowed
//! unary := '-' unary | '(' query ')' | term
//! term  := "quoted phrase" | word | field op value
//! op    := ':' | '=' | '!=' | '<' | '<=' | '>' | '>='
//! value := "quoted" | characters up to white space or a parenthesis
//! ```
//! It never fails: an unclosed quote reads to the end, an unclosed parenthesis closes at the
//! end, a stray `)` or dangling `OR` is dropped, and so is what parentheses and `-` nest
//! deeper than 32 (so no walk of the tree recurses deeper), each with a warning naming
//! its offset.
//! A hand-written parser, because per-term recovery with character offsets is the point of
//! it and a combinator crate would make recovery the hard part.

use serde::Serialize;

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Op {
    /// `:`
    Colon,
    /// `=`
    Eq,
    /// `!=`
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Colon => ":",
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
        }
    }
}

/// One term of a query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Term {
    /// The field name, lowercased; `None` for a bare word or phrase.
    pub field: Option<String>,
    pub op: Op,
    pub value: String,
    pub quoted: bool,
    /// Character offset of the term's first character (its `-` excluded).
    pub offset: usize,
    /// The term as written.
    pub source: String,
}

/// A parsed query.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Node {
    And(Vec<Node>),
    Or(Vec<Node>),
    Not(Box<Node>),
    Term(Term),
}

/// Something the parser dropped or repaired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QueryWarning {
    /// Character offset in the query.
    pub offset: usize,
    pub message: String,
}

/// The tree (`None` when nothing is left) and the warnings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Parsed {
    pub node: Option<Node>,
    pub warnings: Vec<QueryWarning>,
}

/// The longest query accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 1000;
/// The deepest nesting of parentheses and negations accepted: it bounds the parser's
/// recursion and the depth of the tree every later walk (`terms`, the compiler, tantivy's
/// nested queries) recurses through, whatever the query (tested on a 2 MiB stack).
const MAX_DEPTH: usize = 32;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    LParen(usize),
    RParen(usize),
    Or(usize),
    Neg(usize),
    Term(Term),
}

/// Splits the query into tokens; the offsets of the words `AND` (which juxtaposition
/// already means, so they make no token) go to `ands`.
fn lex(chars: &[char], warnings: &mut Vec<QueryWarning>, ands: &mut Vec<usize>) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut i = 0;
    let n = chars.len();
    let stop = |c: char| c.is_whitespace() || c == '(' || c == ')';
    while i < n {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '(' {
            toks.push(Tok::LParen(i));
            i += 1;
            continue;
        }
        if c == ')' {
            toks.push(Tok::RParen(i));
            i += 1;
            continue;
        }
        if c == '-' {
            if i + 1 < n && !chars[i + 1].is_whitespace() {
                toks.push(Tok::Neg(i));
            } else {
                warnings.push(QueryWarning {
                    offset: i,
                    message: "a lone `-` negates nothing; ignored".into(),
                });
            }
            i += 1;
            continue;
        }
        let start = i;
        if c == '"' {
            let (value, end, closed) = quoted(chars, i);
            if !closed {
                warnings.push(QueryWarning {
                    offset: i,
                    message: "unclosed `\"`: the phrase runs to the end of the query".into(),
                });
            }
            toks.push(Tok::Term(Term {
                field: None,
                op: Op::Colon,
                value,
                quoted: true,
                offset: start,
                source: chars[start..end].iter().collect(),
            }));
            i = end;
            continue;
        }
        // A field name is letters, digits and `_`, starting with a letter, followed by an operator.
        let mut j = i;
        while j < n && (chars[j].is_alphanumeric() || chars[j] == '_') {
            j += 1;
        }
        let op = if j > i && chars[i].is_alphabetic() {
            operator(chars, j)
        } else {
            None
        };
        if let Some((op, op_len)) = op {
            let field: String = chars[i..j].iter().collect::<String>().to_lowercase();
            let mut k = j + op_len;
            let (value, quoted_value) = if k < n && chars[k] == '"' {
                let (value, end, closed) = quoted(chars, k);
                if !closed {
                    warnings.push(QueryWarning {
                        offset: k,
                        message: "unclosed `\"`: the value runs to the end of the query".into(),
                    });
                }
                k = end;
                (value, true)
            } else {
                let v0 = k;
                while k < n && !stop(chars[k]) {
                    k += 1;
                }
                (chars[v0..k].iter().collect(), false)
            };
            toks.push(Tok::Term(Term {
                field: Some(field),
                op,
                value,
                quoted: quoted_value,
                offset: start,
                source: chars[start..k].iter().collect(),
            }));
            i = k;
            continue;
        }
        let mut k = i;
        while k < n && !stop(chars[k]) && chars[k] != '"' {
            k += 1;
        }
        let word: String = chars[i..k].iter().collect();
        let after_neg = matches!(toks.last(), Some(Tok::Neg(_)));
        if word.eq_ignore_ascii_case("or") && !after_neg {
            toks.push(Tok::Or(i));
        } else if word.eq_ignore_ascii_case("and") && !after_neg {
            // Explicit AND is the default; only its place is kept, for the message when
            // the query is nothing else.
            ands.push(i);
        } else {
            toks.push(Tok::Term(Term {
                field: None,
                op: Op::Colon,
                value: word.clone(),
                quoted: false,
                offset: start,
                source: word,
            }));
        }
        i = k;
    }
    toks
}

/// Reads a quoted string starting at the `"` at `i`: (value, end offset, closed).
fn quoted(chars: &[char], i: usize) -> (String, usize, bool) {
    let mut k = i + 1;
    while k < chars.len() && chars[k] != '"' {
        k += 1;
    }
    let value = chars[i + 1..k].iter().collect();
    if k < chars.len() {
        (value, k + 1, true)
    } else {
        (value, k, false)
    }
}

fn operator(chars: &[char], j: usize) -> Option<(Op, usize)> {
    let c0 = *chars.get(j)?;
    let c1 = chars.get(j + 1).copied();
    Some(match (c0, c1) {
        ('!', Some('=')) => (Op::Ne, 2),
        ('<', Some('=')) => (Op::Le, 2),
        ('>', Some('=')) => (Op::Ge, 2),
        (':', _) => (Op::Colon, 1),
        ('=', _) => (Op::Eq, 1),
        ('<', _) => (Op::Lt, 1),
        ('>', _) => (Op::Gt, 1),
        _ => return None,
    })
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    warnings: Vec<QueryWarning>,
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn query(&mut self, depth: usize) -> Option<Node> {
        let mut alternatives = Vec::new();
        let mut pending_or: Option<usize> = None;
        loop {
            match self.peek() {
                None => break,
                Some(Tok::RParen(_)) if depth > 0 => break,
                Some(Tok::Or(at)) => {
                    let at = *at;
                    self.pos += 1;
                    if alternatives.is_empty() || pending_or.is_some() {
                        self.warnings.push(QueryWarning {
                            offset: at,
                            message: "`OR` needs a term on each side; ignored".into(),
                        });
                    }
                    pending_or = Some(at);
                    continue;
                }
                _ => {}
            }
            match self.and(depth) {
                Some(node) => {
                    alternatives.push(node);
                    pending_or = None;
                }
                None => {
                    if self.pos < self.toks.len()
                        && !matches!(self.peek(), Some(Tok::RParen(_)) | Some(Tok::Or(_)))
                    {
                        self.pos += 1;
                    }
                    if self.peek().is_none() || matches!(self.peek(), Some(Tok::RParen(_))) {
                        break;
                    }
                }
            }
        }
        if let Some(at) = pending_or {
            if !alternatives.is_empty() {
                self.warnings.push(QueryWarning {
                    offset: at,
                    message: "`OR` at the end has nothing after it; ignored".into(),
                });
            }
        }
        match alternatives.len() {
            0 => None,
            1 => alternatives.pop(),
            _ => Some(Node::Or(alternatives)),
        }
    }

    fn and(&mut self, depth: usize) -> Option<Node> {
        let mut parts = Vec::new();
        loop {
            match self.peek() {
                None | Some(Tok::Or(_)) => break,
                Some(Tok::RParen(at)) => {
                    if depth > 0 {
                        break;
                    }
                    let at = *at;
                    self.warnings.push(QueryWarning {
                        offset: at,
                        message: "unmatched `)`; ignored".into(),
                    });
                    self.pos += 1;
                }
                _ => {
                    if let Some(node) = self.unary(depth) {
                        parts.push(node);
                    }
                }
            }
        }
        match parts.len() {
            0 => None,
            1 => parts.pop(),
            _ => Some(Node::And(parts)),
        }
    }

    fn unary(&mut self, depth: usize) -> Option<Node> {
        match self.toks.get(self.pos).cloned() {
            Some(Tok::Neg(at)) => {
                self.pos += 1;
                match self.peek() {
                    None | Some(Tok::Or(_)) | Some(Tok::RParen(_)) => {
                        self.warnings.push(QueryWarning {
                            offset: at,
                            message: "`-` negates nothing; ignored".into(),
                        });
                        None
                    }
                    _ if depth >= MAX_DEPTH => {
                        self.warnings.push(QueryWarning {
                            offset: at,
                            message: format!(
                                "`-` and parentheses nested deeper than {MAX_DEPTH}; \
                                 the negated term is ignored"
                            ),
                        });
                        self.skip_operand();
                        None
                    }
                    _ => self.unary(depth + 1).map(|n| Node::Not(Box::new(n))),
                }
            }
            Some(Tok::LParen(at)) => {
                self.pos += 1;
                if depth >= MAX_DEPTH {
                    self.warnings.push(QueryWarning {
                        offset: at,
                        message: format!(
                            "parentheses and `-` nested deeper than {MAX_DEPTH}; the group is ignored"
                        ),
                    });
                    self.skip_group();
                    return None;
                }
                let inner = self.query(depth + 1);
                match self.peek() {
                    Some(Tok::RParen(_)) => self.pos += 1,
                    _ => self.warnings.push(QueryWarning {
                        offset: at,
                        message: "unclosed `(`: closed at the end of the query".into(),
                    }),
                }
                if inner.is_none() {
                    self.warnings.push(QueryWarning {
                        offset: at,
                        message: "empty parentheses; ignored".into(),
                    });
                }
                inner
            }
            Some(Tok::Term(t)) => {
                self.pos += 1;
                Some(Node::Term(t))
            }
            Some(Tok::RParen(_)) | Some(Tok::Or(_)) | None => None,
        }
    }

    /// Skips what a `-` negates: any further `-`, then one term or group.
    fn skip_operand(&mut self) {
        while let Some(Tok::Neg(_)) = self.peek() {
            self.pos += 1;
        }
        match self.peek() {
            Some(Tok::LParen(_)) => {
                self.pos += 1;
                self.skip_group();
            }
            Some(Tok::Term(_)) => self.pos += 1,
            _ => {}
        }
    }

    fn skip_group(&mut self) {
        let mut open = 1usize;
        while let Some(t) = self.peek() {
            match t {
                Tok::LParen(_) => open += 1,
                Tok::RParen(_) => {
                    open -= 1;
                    if open == 0 {
                        self.pos += 1;
                        return;
                    }
                }
                _ => {}
            }
            self.pos += 1;
        }
        let _ = self.end;
    }
}

/// Parses a query. Never fails; see the module doc.
pub fn parse(query: &str) -> Parsed {
    let mut warnings = Vec::new();
    let chars: Vec<char> = query.chars().collect();
    let chars = if chars.len() > MAX_QUERY_CHARS {
        warnings.push(QueryWarning {
            offset: MAX_QUERY_CHARS,
            message: format!(
                "the query is longer than {MAX_QUERY_CHARS} characters; the rest is ignored"
            ),
        });
        &chars[..MAX_QUERY_CHARS]
    } else {
        &chars[..]
    };
    let mut ands = Vec::new();
    let toks = lex(chars, &mut warnings, &mut ands);
    let mut p = Parser {
        toks,
        pos: 0,
        warnings,
        end: chars.len(),
    };
    let node = p.query(0);
    let mut warnings = p.warnings;
    if node.is_none() {
        warnings.extend(ands.into_iter().map(|offset| {
            QueryWarning {
                offset,
                message: "`AND` is an operator and the query has no term for it to join: \
                      nothing to search for"
                    .into(),
            }
        }));
    }
    warnings.sort_by_key(|w| w.offset);
    Parsed { node, warnings }
}

impl Node {
    /// Every term in the tree, with whether it sits under a negation.
    pub fn terms(&self) -> Vec<(&Term, bool)> {
        fn walk<'a>(n: &'a Node, neg: bool, out: &mut Vec<(&'a Term, bool)>) {
            match n {
                Node::And(v) | Node::Or(v) => v.iter().for_each(|c| walk(c, neg, out)),
                Node::Not(c) => walk(c, !neg, out),
                Node::Term(t) => out.push((t, neg)),
            }
        }
        let mut out = Vec::new();
        walk(self, false, &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_of_only_and_says_so_with_its_offset() {
        let p = parse("  AND and");
        assert!(p.node.is_none());
        let offsets: Vec<usize> = p.warnings.iter().map(|w| w.offset).collect();
        assert_eq!(offsets, vec![2, 6]);
        assert!(p.warnings[0].message.contains("`AND` is an operator"));
        assert!(parse("fury AND").warnings.is_empty());
    }

    fn terms(q: &str) -> Vec<String> {
        parse(q)
            .node
            .map(|n| {
                n.terms()
                    .iter()
                    .map(|(t, neg)| format!("{}{}", if *neg { "-" } else { "" }, t.source))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn words_phrases_fields_and_operators() {
        let p =
            parse(r#"fury "opposing creature" game:karth attack>=3 value!=2 name:"omega rabbit""#);
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
        let Some(Node::And(parts)) = p.node else {
            panic!()
        };
        assert_eq!(parts.len(), 6);
        let Node::Term(t) = &parts[3] else { panic!() };
        assert_eq!(
            (t.field.as_deref(), t.op, t.value.as_str(), t.offset),
            (Some("attack"), Op::Ge, "3", 36)
        );
        let Node::Term(t) = &parts[5] else { panic!() };
        assert!(t.quoted);
        assert_eq!(t.value, "omega rabbit");
    }

    #[test]
    fn and_binds_tighter_than_or() {
        /// The tree's shape, with terms by their source.
        fn shape(n: &Node) -> String {
            match n {
                Node::And(v) => {
                    format!("AND({})", v.iter().map(shape).collect::<Vec<_>>().join(" "))
                }
                Node::Or(v) => format!("OR({})", v.iter().map(shape).collect::<Vec<_>>().join(" ")),
                Node::Not(c) => format!("NOT({})", shape(c)),
                Node::Term(t) => t.source.clone(),
            }
        }
        assert_eq!(shape(&parse("a b OR c").node.unwrap()), "OR(AND(a b) c)");
        assert_eq!(shape(&parse("a (b or c)").node.unwrap()), "AND(a OR(b c))");
        assert_eq!(shape(&parse("a AND b").node.unwrap()), "AND(a b)");
    }

    #[test]
    fn negation_of_terms_and_groups() {
        assert_eq!(terms("-fury armor"), vec!["-fury", "armor"]);
        assert_eq!(terms("-(a OR b) c"), vec!["-a", "-b", "c"]);
        assert_eq!(terms("-game:karth"), vec!["-game:karth"]);
        // A hyphen inside a word is part of it.
        assert_eq!(terms("non-Horseman"), vec!["non-Horseman"]);
    }

    #[test]
    fn broken_syntax_is_repaired_with_offsets() {
        let p = parse("fury )");
        assert_eq!(p.warnings[0].offset, 5);
        assert_eq!(terms("fury )"), vec!["fury"]);
        let p = parse("(fury armor");
        assert_eq!(p.warnings[0].offset, 0);
        assert!(p.warnings[0].message.contains("unclosed `(`"));
        assert_eq!(terms("(fury armor"), vec!["fury", "armor"]);
        let p = parse("\"opposing crea");
        assert!(p.warnings[0].message.contains("unclosed"));
        assert_eq!(terms("\"opposing crea"), vec!["\"opposing crea"]);
        let p = parse("OR fury OR");
        assert_eq!(p.warnings.len(), 2);
        assert_eq!(terms("OR fury OR"), vec!["fury"]);
        let p = parse("fury - ()");
        assert_eq!(p.warnings.len(), 2, "{:?}", p.warnings);
        assert_eq!(parse("").node, None);
        assert_eq!(parse("   ").node, None);
    }

    #[test]
    fn offsets_are_characters() {
        let p = parse("Æmber )");
        assert_eq!(p.warnings[0].offset, 6);
    }

    /// A query of nothing but `-` (the most the length cap allows) is parsed, walked and
    /// dropped on a 2 MiB stack, the negations past the bound dropped with a warning.
    #[test]
    fn deep_negation_is_bounded() {
        let q = format!("{}fury", "-".repeat(MAX_QUERY_CHARS - 4));
        let run = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let p = parse(&q);
                let neg = p.node.as_ref().map(|n| n.terms().len());
                (p.warnings, neg)
            })
            .expect("thread starts");
        let (warnings, kept) = run.join().expect("no stack overflow");
        assert_eq!(kept, None, "the negated term is past the bound");
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert_eq!(warnings[0].offset, MAX_DEPTH);
        assert!(warnings[0].message.contains("nested deeper than 32"));
        let within = format!("{}fury", "-".repeat(MAX_DEPTH));
        // 32 negations are within the bound, and cancel out.
        assert_eq!(terms(&within), vec!["fury"]);
        let odd = format!("{}fury", "-".repeat(MAX_DEPTH - 1));
        assert_eq!(terms(&odd), vec!["-fury"]);
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let q = format!("{}fury{}", "(".repeat(100), ")".repeat(100));
        let p = parse(&q);
        assert!(!p.warnings.is_empty());
        let long = "a ".repeat(2000);
        assert!(parse(&long)
            .warnings
            .iter()
            .any(|w| w.offset == MAX_QUERY_CHARS));
    }
}

//! The head guard: reads the first request head of every new connection before
//! actix-http parses it, and answers itself the heads actix-http would refuse with an
//! empty body.
//!
//! actix-http 3 refuses some heads in its parser, before any application code runs, and
//! offers no hook to give those answers a body: a request target over the `http` crate's
//! URI limit ([`MAX_TARGET`], an empty 400), more than [`MAX_HEADERS`] headers or a head
//! over [`MAX_HEAD`] bytes (an empty 431). So [`super::bind`] puts this guard in front of
//! actix-http's connection service: it reads from the socket until the end of the first
//! head (a blank line), the head is found over a limit, or [`MAX_HEAD`] bytes have come
//! without an end, then either
//!
//! - answers a plain-text 414 (target) or 431 (headers, head size) naming what was too
//!   large and the limit, with `Connection: close`, shuts its side and drains what the
//!   client still sends for at most the disconnect timeout, then closes; or
//! - hands the connection to actix-http with the bytes it read replayed first
//!   ([`Replay`]), so actix sees exactly the bytes the client sent.
//!
//! The guard's read is bounded by the head timeout: a first head that has not arrived in
//! time answers 408 with a body (nothing at all if no byte came). Only the **first** head
//! of a connection is inspected; later requests on a keep-alive connection (and pipelined
//! ones after the first) still meet actix's own bodiless 400/431.
//!
//! The guard also gives every connection it hands on a total deadline
//! ([`HeadGuard::connection_timeout`], counted from when it was accepted), whatever
//! actix-http's own timers are doing: at the deadline [`Replay`] stops reading (no new
//! request is read; the one in progress runs on and its answer is written, after which
//! actix's keep-alive timer closes the idle connection), and [`HeadGuard::grace`] later
//! its reads and writes fail (actix drops the socket). It does not read as closed by the
//! client: with half-closed connections not allowed, actix would drop the request in
//! progress unanswered. actix-http has no timer of its own while it drains a chunked
//! request body its handler did not read, or while a client does not read its answer;
//! the hard end ends both.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

use crate::text::thousands;

/// The longest request target actix-http accepts: the `http` crate's URI limit
/// (`u16::MAX - 1`); a longer one is actix's empty 400.
pub const MAX_TARGET: usize = 65_534;
/// The most headers actix-http's parser accepts; more is its empty 431.
pub const MAX_HEADERS: usize = 96;
/// The most bytes actix-http buffers looking for the end of a head; a head not ended
/// within it is its empty 431.
pub const MAX_HEAD: usize = 131_072;

/// How long a connection may take, what the guard was told by [`super::bind`].
#[derive(Debug, Clone, Copy)]
pub struct HeadGuard {
    /// Time for the first head to arrive (`ServeConfig::head_timeout`).
    pub head_timeout: Duration,
    /// Time to drain the client's remaining bytes after a refusal
    /// (`ServeConfig::disconnect_timeout`).
    pub linger: Duration,
    /// The total time a connection may stay open, from when it was accepted
    /// (`ServeConfig::connection_timeout`).
    pub connection_timeout: Duration,
    /// From the deadline to the hard end: time for the request in progress to finish
    /// (its body, its wait for a turn at heavy work and the work itself; see
    /// `super::bind`).
    pub grace: Duration,
}

/// An answer the guard gives instead of actix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub reason: &'static str,
    /// What was too large and the limit, in plain words.
    pub message: String,
}

/// What the bytes read so far call for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No end of head yet, and nothing over a limit: read on.
    NeedMore,
    /// A head actix-http will parse (or refuse for a reason the guard leaves to it).
    Pass,
    Refuse(Refusal),
}

impl Refusal {
    fn new(status: u16, reason: &'static str, message: String) -> Refusal {
        Refusal {
            status,
            reason,
            message,
        }
    }

    /// The whole HTTP/1.1 answer: status line, the security headers every answer carries
    /// (`src/web/middleware.rs`), `Connection: close`, and the message as the body.
    pub fn to_bytes(&self) -> Vec<u8> {
        let body = format!("{} {}: {}.\n", self.status, self.reason, self.message);
        format!(
            "HTTP/1.1 {} {}\r\n\
             content-type: text/plain; charset=utf-8\r\n\
             content-length: {}\r\n\
             connection: close\r\n\
             cache-control: no-cache\r\n\
             content-security-policy: {}\r\n\
             x-content-type-options: nosniff\r\n\
             x-frame-options: DENY\r\n\
             referrer-policy: same-origin\r\n\
             \r\n{}",
            self.status,
            self.reason,
            body.len(),
            super::middleware::CSP,
            body
        )
        .into_bytes()
    }
}

/// Judges the first bytes of a connection (everything read so far).
pub fn judge(buf: &[u8]) -> Verdict {
    // httparse skips empty lines before the request line; so does the guard.
    let start = buf
        .iter()
        .position(|&b| b != b'\r' && b != b'\n')
        .unwrap_or(buf.len());
    let buf = &buf[start..];
    let end = head_end(buf);
    let head = &buf[..end.unwrap_or(buf.len())];
    let (line, rest) = match head.iter().position(|&b| b == b'\n') {
        Some(i) => (&head[..i], Some(&head[i + 1..])),
        None => (head, None),
    };
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let target = target_len(line, rest.is_some());
    let at_cap = buf.len() + start >= MAX_HEAD;
    // A target still arriving is measured whole unless the head cap comes first.
    if target > MAX_TARGET && (rest.is_some() || at_cap) {
        let size = if rest.is_some() {
            thousands(target)
        } else {
            format!("over {}", thousands(target))
        };
        return Verdict::Refuse(Refusal::new(
            414,
            "URI Too Long",
            format!(
                "the request target is {size} bytes; the limit is {} (URI too long)",
                thousands(MAX_TARGET)
            ),
        ));
    }
    let headers = rest.map_or(0, |r| {
        r.split(|&b| b == b'\n')
            .filter(|l| !l.is_empty() && *l != b"\r")
            .count()
    });
    match end {
        Some(_) if headers > MAX_HEADERS => Verdict::Refuse(Refusal::new(
            431,
            "Request Header Fields Too Large",
            format!(
                "the request has {} headers; the limit is {} (request header fields too large)",
                thousands(headers),
                MAX_HEADERS
            ),
        )),
        Some(_) => Verdict::Pass,
        None if at_cap => Verdict::Refuse(Refusal::new(
            431,
            "Request Header Fields Too Large",
            format!(
                "the request head (request line and headers) did not end within {} bytes; \
                 the limit is {} (request header fields too large)",
                thousands(MAX_HEAD),
                thousands(MAX_HEAD)
            ),
        )),
        None => Verdict::NeedMore,
    }
}

/// Where the head ends (after its blank line), if it has.
fn head_end(buf: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(p) = buf[i..].iter().position(|&b| b == b'\n') {
        let at = i + p + 1;
        match buf.get(at..) {
            Some([b'\n', ..]) => return Some(at + 1),
            Some([b'\r', b'\n', ..]) => return Some(at + 2),
            _ => i = at,
        }
    }
    None
}

/// The length of the request target in a request line (`complete`: its end has come).
fn target_len(line: &[u8], complete: bool) -> usize {
    let Some(sp) = line.iter().position(|&b| b == b' ') else {
        return 0;
    };
    let rest = &line[sp + 1..];
    let end = if complete {
        rest.iter().rposition(|&b| b == b' ')
    } else {
        rest.iter().position(|&b| b == b' ')
    };
    end.unwrap_or(rest.len())
}

impl HeadGuard {
    /// Reads the first head of `io`. Answers the connection to hand to actix-http (with
    /// what was read, to replay) or `None` when the guard answered it (or the client sent
    /// nothing in time and it was closed).
    pub async fn accept(self, mut io: TcpStream) -> Option<Replay> {
        let peer = io.peer_addr().ok();
        let accepted = tokio::time::Instant::now();
        let deadline = accepted + self.head_timeout;
        let ends = ConnectionDeadline {
            at: accepted + self.connection_timeout,
            grace: self.grace,
        };
        // Grown as bytes come (4 KiB while waiting), not a fixed buffer per connection.
        let mut buf = Vec::new();
        loop {
            match judge(&buf) {
                Verdict::Pass => return Some(Replay::new(buf, io, ends)),
                Verdict::Refuse(refusal) => {
                    self.refuse(io, peer, &refusal).await;
                    return None;
                }
                Verdict::NeedMore => {}
            }
            if buf.capacity() - buf.len() < 1024 {
                buf.reserve(buf.len().clamp(4096, 64 * 1024));
            }
            match tokio::time::timeout_at(deadline, io.read_buf(&mut buf)).await {
                Ok(Ok(0)) if buf.is_empty() => return None,
                // The client stopped sending mid-head: actix answers as it always has.
                Ok(Ok(0)) => return Some(Replay::new(buf, io, ends)),
                Ok(Ok(_)) => {}
                Ok(Err(_)) => return None,
                Err(_) if buf.is_empty() => return None,
                Err(_) => {
                    let refusal = Refusal::new(
                        408,
                        "Request Timeout",
                        format!(
                            "the request head did not arrive within {} ms; the limit is {} ms",
                            thousands(self.head_timeout.as_millis() as usize),
                            thousands(self.head_timeout.as_millis() as usize)
                        ),
                    );
                    self.refuse(io, peer, &refusal).await;
                    return None;
                }
            }
        }
    }

    /// Sends `refusal`, shuts the write side, and reads what the client still sends
    /// (until it closes, it is quiet for 250 ms, or the linger time ends) so the close
    /// does not reset the connection before the client has read the answer.
    async fn refuse(self, mut io: TcpStream, peer: Option<SocketAddr>, refusal: &Refusal) {
        tracing::info!(
            peer = ?peer,
            status = refusal.status,
            message = %refusal.message,
            "request head refused before routing"
        );
        let linger = self.linger.max(Duration::from_millis(100));
        let sent = tokio::time::timeout(linger, async {
            io.write_all(&refusal.to_bytes()).await?;
            io.shutdown().await
        })
        .await;
        if !matches!(sent, Ok(Ok(()))) {
            return;
        }
        let _ = tokio::time::timeout(linger, async {
            let mut sink = [0u8; 4096];
            let quiet = Duration::from_millis(250);
            while let Ok(Ok(n)) = tokio::time::timeout(quiet, io.read(&mut sink)).await {
                if n == 0 {
                    break;
                }
            }
        })
        .await;
    }
}

/// When a connection handed to actix ends: reads end at `at`, everything `grace` later.
#[derive(Debug, Clone, Copy)]
struct ConnectionDeadline {
    at: tokio::time::Instant,
    grace: Duration,
}

/// Where a connection stands against its [`ConnectionDeadline`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Open,
    /// Past the deadline: nothing more is read, writes still go out.
    Closing,
    /// Past the grace too: reads and writes fail.
    Over,
}

/// A connection whose first bytes were already read by the guard: reads give those bytes
/// first, then the socket's; writes go to the socket; both end at the connection's
/// deadline (see the module documentation).
pub struct Replay {
    prefix: Vec<u8>,
    at: usize,
    io: TcpStream,
    /// Fires at the deadline, then again at the end of the grace.
    timer: Pin<Box<tokio::time::Sleep>>,
    grace: Duration,
    phase: Phase,
}

impl Replay {
    fn new(prefix: Vec<u8>, io: TcpStream, ends: ConnectionDeadline) -> Replay {
        Replay {
            prefix,
            at: 0,
            io,
            timer: Box::pin(tokio::time::sleep_until(ends.at)),
            grace: ends.grace,
            phase: Phase::Open,
        }
    }

    /// The phase now; polling the timer also wakes the connection's task when it fires,
    /// so an idle or blocked connection is ended on time.
    fn phase(&mut self, cx: &mut Context<'_>) -> Phase {
        while self.phase != Phase::Over && self.timer.as_mut().poll(cx).is_ready() {
            self.phase = match self.phase {
                Phase::Open => {
                    tracing::info!("connection deadline reached; closing it");
                    let end = self.timer.deadline() + self.grace;
                    self.timer.as_mut().reset(end);
                    Phase::Closing
                }
                _ => Phase::Over,
            };
        }
        self.phase
    }
}

/// The error of a read or write after a connection's hard end.
fn over() -> io::Error {
    io::Error::new(
        io::ErrorKind::TimedOut,
        "the connection outlived its total deadline",
    )
}

impl AsyncRead for Replay {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.at < this.prefix.len() {
            let n = (this.prefix.len() - this.at).min(buf.remaining());
            buf.put_slice(&this.prefix[this.at..this.at + n]);
            this.at += n;
            if this.at == this.prefix.len() {
                this.prefix = Vec::new();
                this.at = 0;
            }
            return Poll::Ready(Ok(()));
        }
        match this.phase(cx) {
            Phase::Open => Pin::new(&mut this.io).poll_read(cx, buf),
            // Nothing more is read; `phase` polled the timer, which wakes this task at
            // the hard end.
            Phase::Closing => Poll::Pending,
            Phase::Over => Poll::Ready(Err(over())),
        }
    }
}

impl AsyncWrite for Replay {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.phase(cx) == Phase::Over {
            return Poll::Ready(Err(over()));
        }
        Pin::new(&mut this.io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.phase(cx) == Phase::Over {
            return Poll::Ready(Err(over()));
        }
        Pin::new(&mut this.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.phase(cx) == Phase::Over {
            return Poll::Ready(Err(over()));
        }
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(v: Verdict) -> (u16, String) {
        match v {
            Verdict::Refuse(r) => (r.status, r.message),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_normal_head_passes_and_a_partial_one_waits() {
        assert_eq!(
            judge(b"GET /ping HTTP/1.1\r\nHost: t\r\n\r\nbody"),
            Verdict::Pass
        );
        assert_eq!(judge(b"\r\nGET / HTTP/1.1\n\n"), Verdict::Pass);
        assert_eq!(
            judge(b"GET /ping HTTP/1.1\r\nHost: t\r\n"),
            Verdict::NeedMore
        );
        assert_eq!(judge(b""), Verdict::NeedMore);
    }

    #[test]
    fn a_target_over_the_uri_limit_is_414_with_its_size() {
        let ok = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_TARGET - 1));
        assert_eq!(judge(ok.as_bytes()), Verdict::Pass);
        let long = format!("GET /{} HTTP/1.1\r\n", "a".repeat(MAX_TARGET));
        let (status, message) = refused(judge(long.as_bytes()));
        assert_eq!(status, 414);
        assert!(
            message.contains("is 65,535 bytes; the limit is 65,534"),
            "{message}"
        );
        let partial = format!("GET /{}", "a".repeat(MAX_HEAD));
        let (status, message) = refused(judge(partial.as_bytes()));
        assert_eq!(status, 414);
        assert!(message.contains("over 131,073"), "{message}");
    }

    #[test]
    fn too_many_headers_or_a_head_too_large_is_431() {
        let headers = |n: usize| (0..n).map(|i| format!("X-{i}: v\r\n")).collect::<String>();
        let ok = format!("GET / HTTP/1.1\r\n{}\r\n", headers(MAX_HEADERS));
        assert_eq!(judge(ok.as_bytes()), Verdict::Pass);
        let many = format!("GET / HTTP/1.1\r\n{}\r\n", headers(1000));
        let (status, message) = refused(judge(many.as_bytes()));
        assert_eq!(status, 431);
        assert!(
            message.contains("1,000 headers; the limit is 96"),
            "{message}"
        );
        let big = format!("GET / HTTP/1.1\r\nX: {}", "b".repeat(MAX_HEAD));
        let (status, message) = refused(judge(big.as_bytes()));
        assert_eq!(status, 431);
        assert!(message.contains("131,072"), "{message}");
    }

    #[test]
    fn a_refusal_is_a_whole_answer_that_closes() {
        let r = Refusal::new(414, "URI Too Long", "x".into());
        let text = String::from_utf8(r.to_bytes()).unwrap();
        assert!(text.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{text}");
        assert!(text.contains("connection: close\r\n"), "{text}");
        assert!(text.ends_with("\r\n\r\n414 URI Too Long: x.\n"), "{text}");
        assert_eq!(thousands(65_534), "65,534");
        assert_eq!(thousands(96), "96");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}

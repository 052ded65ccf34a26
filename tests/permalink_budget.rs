//! Issue #27 items 5 and 11: one client cannot lock everyone out of the permalink store
//! (a byte budget per client, IPv6 grouped by /64, a full store pruning what only its
//! creator opened, an old store migrated in place), and the step page's choose, decide
//! and answer check the rate before they play and refuse a chance step never reached.
//!
//! The store is driven by an explicit clock (`put_at`, `get_from_at`); "without
//! playing" is shown as in `web_resources.rs`: the only turn at heavy work is held, so
//! anything that would play answers 503, and a refusal before play answers 429.

use crate::common;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::App;
use arbiter::permalinks::{PermalinkError, PermalinkLimits, Permalinks};
use arbiter::web::configure;
use serde_json::{json, Value};

const FORM: &str = "application/x-www-form-urlencoded";
const DAY: i64 = 86_400;
const T0: i64 = 1_800_000_000;

fn ip(s: &str) -> IpAddr {
    s.parse().expect("an IP address")
}

/// A stored position of about 45 KB (the size of the issue's flood), distinct per `n`.
fn big(n: usize) -> String {
    format!("{{\"n\":{n},\"pad\":\"{}\"}}", "x".repeat(45_000))
}

fn limits(max_bytes: u64, per_minute: u32, per_client_bytes: Option<u64>) -> PermalinkLimits {
    PermalinkLimits {
        max_bytes,
        max_count: u64::MAX,
        keep_days: 30,
        per_client_per_minute: per_minute,
        per_client_bytes,
    }
}

/// A short battle-line game with a chance step.
fn small_position() -> Value {
    json!({
        "seed": 7, "turns": 2,
        "players": [
            {"name": "Alice", "line": [{"card": "Will-o'-the-Glade"}, {"card": "Moss Troll"}]},
            {"name": "Bob", "line": [{"card": "Hex Witch"}, {"name": "Pikeman", "attack": 1, "life": 9}]}
        ]
    })
}

fn peer(ip: [u8; 4]) -> SocketAddr {
    SocketAddr::new(IpAddr::from(ip), 40000)
}

fn post(uri: &str, from: [u8; 4], body: String) -> actix_http::Request {
    TestRequest::post()
        .uri(uri)
        .peer_addr(peer(from))
        .insert_header(("Content-Type", FORM))
        .set_payload(body)
        .to_request()
}

/// The issue's reproduction at a 3 MB bound: one client storing 45 KB positions as fast
/// as it may used to fill the store, and then two other clients' three each, a fourth
/// client and the HTML builder were refused. Now the first stops at its budget (a
/// sixteenth of the store by default) with a 429 naming it, and everyone else stores.
#[actix_web::test]
async fn one_client_fills_its_budget_and_everyone_else_still_stores() {
    let store = Arc::new(Permalinks::in_memory_with(limits(3_000_000, 0, None)));
    assert_eq!(store.limits().client_budget(), 187_500);
    let flood = ip("10.0.0.1");
    let mut stored = 0;
    let refusal = loop {
        match store.put_at(&big(stored), Some(flood), T0 + stored as i64) {
            Ok(_) => stored += 1,
            Err(e) => break e,
        }
        assert!(stored < 100, "the flooding client was never refused");
    };
    assert_eq!(stored, 4, "four 45 KB positions fit a 187,500-byte budget");
    match &refusal {
        PermalinkError::OverBudget {
            budget,
            retry_after,
            ..
        } => {
            assert_eq!(*budget, 187_500);
            // The first of its permalinks ages out of keep_days in about 30 days.
            assert!((29 * DAY as u64..=30 * DAY as u64).contains(retry_after));
        }
        other => panic!("expected OverBudget, got {other:?}"),
    }
    assert!(
        refusal.to_string().contains("at most 187500 bytes"),
        "{refusal}"
    );
    for (client, n) in [("10.0.0.2", 100), ("10.0.0.3", 200)] {
        for i in 0..3 {
            store
                .put_at(&big(n + i), Some(ip(client)), T0 + 60)
                .unwrap_or_else(|e| panic!("{client} could not store: {e}"));
        }
    }
    store
        .put_at(&big(300), Some(ip("10.0.0.4")), T0 + 60)
        .unwrap();

    // Over the web: the flooding client, its budget filled to the byte, gets a 429
    // naming its budget; the HTML builder still stores for anyone else.
    let left = 187_500 - 4 * big(0).len();
    let filler = format!("{{\"f\":\"{}\"}}", "y".repeat(left - 8));
    store.put_at(&filler, Some(flood), T0 + 5).unwrap();
    let state = common::fresh_state().with_permalinks(store.clone());
    let app = test::init_service(App::new().configure(configure(state))).await;
    let form = common::http::form_field("json", &small_position().to_string());
    let refused = test::call_service(&app, post("/adjudicate", [10, 0, 0, 1], form.clone())).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().contains_key("retry-after"));
    let html = String::from_utf8(test::read_body(refused).await.to_vec()).unwrap();
    assert!(
        html.contains("one client may keep at most 187500 bytes"),
        "{html}"
    );
    let builder = test::call_service(&app, post("/adjudicate", [10, 0, 0, 5], form)).await;
    assert_eq!(builder.status(), StatusCode::SEE_OTHER);
}

/// IPv6 clients are grouped by /64: addresses in one /64 share a rate and a budget
/// (named `…::/64`), another /64 has its own; an IPv4-mapped address is its IPv4 client.
#[test]
fn an_ipv6_64_shares_one_rate_and_one_budget() {
    let store = Permalinks::in_memory_with(limits(u64::MAX, 2, Some(100_000)));
    let net = |host: &str| ip(&format!("2001:db8:1:2::{host}"));
    store.put_at(&big(1), Some(net("1")), T0).unwrap();
    store.put_at(&big(2), Some(net("ffff")), T0 + 1).unwrap();
    match store.put_at(&big(3), Some(net("abcd:1")), T0 + 2) {
        Err(e @ PermalinkError::RateLimited { .. }) => {
            assert!(e.to_string().contains("from 2001:db8:1:2::/64"), "{e}")
        }
        other => panic!("expected RateLimited, got {other:?}"),
    }
    // Another /64 is another client.
    store
        .put_at(&big(4), Some(ip("2001:db8:1:3::1")), T0 + 2)
        .unwrap();
    // A minute on, the rate allows more, but the /64's budget (100,000 bytes) is full.
    match store.put_at(&big(5), Some(net("9")), T0 + 61) {
        Err(e @ PermalinkError::OverBudget { .. }) => {
            assert!(e.to_string().contains("from 2001:db8:1:2::/64"), "{e}")
        }
        other => panic!("expected OverBudget, got {other:?}"),
    }
    // IPv4 and IPv4-mapped IPv6: one client.
    store.put_at(&big(6), Some(ip("10.0.0.1")), T0).unwrap();
    store
        .put_at(&big(7), Some(ip("::ffff:10.0.0.1")), T0 + 1)
        .unwrap();
    assert!(matches!(
        store.put_at(&big(8), Some(ip("10.0.0.1")), T0 + 2),
        Err(PermalinkError::RateLimited { .. })
    ));
}

/// A full store prunes, even within keep_days, a permalink only its creator ever
/// opened (least recently opened first), and keeps one another client opened while
/// shared ones hold at most seven eighths of the store.
#[test]
fn a_full_store_prunes_what_only_its_creator_opened() {
    let size = big(0).len() as u64;
    let store = Permalinks::in_memory_with(limits(3 * size, 0, Some(u64::MAX)));
    let (alice, bob, carol) = (ip("10.0.0.1"), ip("10.0.0.2"), ip("10.0.0.3"));
    let shared = store.put_at(&big(1), Some(alice), T0).unwrap();
    let own = store.put_at(&big(2), Some(alice), T0 + 1).unwrap();
    let unopened = store.put_at(&big(3), Some(bob), T0 + 2).unwrap();
    // Bob opens Alice's first link; Alice opens her second herself.
    assert!(store
        .get_from_at(&shared, Some(bob), T0 + 10)
        .unwrap()
        .is_some());
    assert!(store
        .get_from_at(&own, Some(alice), T0 + 10)
        .unwrap()
        .is_some());
    // The store is full, well within keep_days (everything here happens within the
    // hour, so no open below moves a `last_opened`): the least recently opened of the
    // links only their creator opened goes first.
    let new = store.put_at(&big(4), Some(carol), T0 + 100).unwrap();
    let exists = |h: &str, at: i64| store.get_at(h, at).unwrap().is_some();
    assert!(!exists(&own, T0 + 100), "own was pruned");
    assert!(exists(&shared, T0 + 100) && exists(&unopened, T0 + 100) && exists(&new, T0 + 100));
    // The next prunes the one nobody opened, then Carol's own: never the shared one.
    store.put_at(&big(5), Some(carol), T0 + 101).unwrap();
    assert!(!exists(&unopened, T0 + 101));
    let sixth = store.put_at(&big(6), Some(carol), T0 + 102).unwrap();
    assert!(!exists(&new, T0 + 102));
    assert!(exists(&shared, T0 + 102));
    assert_eq!(store.usage().count, 3);
    // Stored again by another client counts as opened by another.
    assert_eq!(store.put_at(&big(6), Some(alice), T0 + 103).unwrap(), sixth);
    store.put_at(&big(7), Some(carol), T0 + 104).unwrap();
    assert!(exists(&sixth, T0 + 104) && exists(&shared, T0 + 104));
    // Only shared links within keep_days left, holding more than seven eighths of the
    // store: the least recently opened of them gives way (it used to be full).
    let eighth = store.put_at(&big(8), Some(carol), T0 + 105).unwrap();
    store.get_from_at(&eighth, Some(bob), T0 + 105).unwrap();
    let ninth = store.put_at(&big(9), Some(carol), T0 + 106).unwrap();
    assert!(!exists(&shared, T0 + 106));
    assert!(exists(&sixth, T0 + 106) && exists(&eighth, T0 + 106) && exists(&ninth, T0 + 106));
}

/// A store from before this change (with or without `last_opened`) is migrated in
/// place: every row kept and opening, its bytes counted, and its rows (whose creator is
/// unknown) still protected for keep_days.
#[test]
fn an_old_store_migrates_in_place() {
    let dir = tempfile::tempdir().unwrap();
    for (name, schema) in [
        (
            "v1.sqlite",
            "CREATE TABLE permalink (hash TEXT PRIMARY KEY, json TEXT NOT NULL,
                 created INTEGER NOT NULL DEFAULT (unixepoch()));",
        ),
        (
            "v2.sqlite",
            "CREATE TABLE permalink (hash TEXT PRIMARY KEY, json TEXT NOT NULL,
                 created INTEGER NOT NULL DEFAULT (unixepoch()), last_opened INTEGER);",
        ),
    ] {
        let path = dir.path().join(name);
        let (a, b) = (r#"{"a":"é"}"#, r#"{"b":2}"#);
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute_batch(schema).unwrap();
            for (json, created) in [(a, T0), (b, T0 + 1)] {
                conn.execute(
                    "INSERT INTO permalink (hash, json, created) VALUES (?1, ?2, ?3)",
                    rusqlite::params![arbiter::permalinks::hash(json), json, created],
                )
                .unwrap();
            }
            if name == "v2.sqlite" {
                conn.execute("UPDATE permalink SET last_opened = created", [])
                    .unwrap();
            }
        }
        let bound = (a.len() + b.len()) as u64;
        let store = Permalinks::open_with(&path, limits(bound, 0, Some(u64::MAX))).unwrap();
        assert_eq!(store.usage().count, 2, "{name}");
        assert_eq!(store.usage().bytes, bound, "{name}");
        assert_eq!(
            store
                .get_at(&arbiter::permalinks::hash(a), T0 + 7_200)
                .unwrap()
                .as_deref(),
            Some(a)
        );
        // Full, and the old rows (creator unknown) are not pruned within keep_days.
        assert!(
            matches!(
                store.put_at("{}", Some(ip("10.0.0.1")), T0 + DAY),
                Err(PermalinkError::Full { .. })
            ),
            "{name}"
        );
        // Past keep_days the least recently opened (b: a was opened two hours in) makes
        // room.
        store
            .put_at("{}", Some(ip("10.0.0.1")), T0 + 31 * DAY)
            .unwrap();
        assert!(store
            .get_at(&arbiter::permalinks::hash(a), T0 + 31 * DAY)
            .unwrap()
            .is_some());
        drop(store);
        let conn = rusqlite::Connection::open(&path).unwrap();
        let columns: Vec<String> = conn
            .prepare("SELECT name FROM pragma_table_info('permalink')")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        for c in ["last_opened", "bytes", "creator", "opened_by_other"] {
            assert!(columns.iter().any(|n| n == c), "{name}: {columns:?}");
        }
        // Reopened, nothing is migrated twice.
        let store = Permalinks::open_with(&path, limits(bound, 0, Some(u64::MAX))).unwrap();
        assert_eq!(store.usage().count, 2);
    }
}

/// With the client's rate used up, choose, decide and answer answer 429 before they
/// play: the only turn at heavy work is held, so anything that played would be a 503
/// (as it is for a client under its rate).
#[actix_web::test]
async fn choose_decide_and_answer_check_the_rate_before_playing() {
    let links = Arc::new(Permalinks::in_memory_with(limits(u64::MAX, 1, None)));
    let hash = links.put(&small_position().to_string()).unwrap();
    let state = common::fresh_state()
        .with_permalinks(links.clone())
        .with_heavy_work(common::one_turn_no_queue());
    let app = test::init_service(App::new().configure(configure(state))).await;
    // The only turn, held by a streamed answer nobody reads yet.
    let held = test::call_service(&app, common::step_bound_to_the_api()).await;
    assert_eq!(held.status(), StatusCode::OK);
    let forms = [
        ("choose", "chance=1&slot=2&step=1"),
        ("decide", "decision=1&option=1&step=1"),
        ("answer", "decision=1&text=damage+foe+1&step=1"),
    ];
    // The flooding client's minute is used up (a minute boundary between the two
    // would let the first through to a 503: then try again in the new minute).
    for attempt in 0.. {
        let minute = unix_minute();
        let mut position = small_position();
        position["seed"] = json!(1000 + attempt);
        links
            .put_from(&position.to_string(), Some(ip("10.0.0.9")))
            .unwrap();
        let mut statuses = Vec::new();
        for (action, body) in forms {
            let uri = format!("/adjudicate/p/{hash}/{action}");
            let resp = test::call_service(&app, post(&uri, [10, 0, 0, 9], body.into())).await;
            statuses.push((action, resp.status()));
        }
        if unix_minute() != minute && attempt < 3 {
            continue;
        }
        for (action, status) in statuses {
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{action}");
        }
        break;
    }
    // A client under its rate reaches the heavy-work bound (it would play): 503.
    for (action, body) in forms {
        let uri = format!("/adjudicate/p/{hash}/{action}");
        let resp = test::call_service(&app, post(&uri, [10, 0, 0, 10], body.into())).await;
        assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE, "{action}");
    }
    drop(held);
}

/// `choose` refused a chance step it could not read, but accepted and stored one the game
/// never reaches; it is a 400 naming the field and the chance steps there are.
#[actix_web::test]
async fn choose_refuses_a_chance_step_never_reached() {
    let state = common::fresh_state();
    let links = state.permalinks.clone();
    let hash = links.put(&small_position().to_string()).unwrap();
    let before = links.usage().count;
    let app = test::init_service(App::new().configure(configure(state))).await;
    let uri = format!("/adjudicate/p/{hash}/choose");
    let resp = test::call_service(
        &app,
        post(&uri, [10, 0, 0, 1], "chance=999&slot=1&step=3".into()),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let html = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    assert!(
        html.contains("form field chance: this adjudication never reaches chance step 999; its chance steps are 1"),
        "{html}"
    );
    assert_eq!(links.usage().count, before, "nothing was stored");
    // A chance step the game reaches is still pinned.
    let resp = test::call_service(
        &app,
        post(&uri, [10, 0, 0, 1], "chance=1&slot=1&step=3".into()),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
}

fn unix_minute() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 60)
}

/// The reserve for new links: sixteen clients, each storing its budget's worth (a
/// sixteenth of the store) and opening another's, used to fill the store with links
/// protected for keep_days, so that every new client got 507 until they aged out.
/// Shared links may hold at most seven eighths of the store: past that a new link prunes
/// the least recently opened of them, and the last eighth is left to new links (the least
/// recently opened of which goes first, as before).
#[test]
fn shared_links_leave_an_eighth_of_the_store_to_new_links() {
    // Every position here is the same size: `big(100)` to `big(999)`.
    let size = big(100).len() as u64;
    let store = Permalinks::in_memory_with(limits(16 * size, 0, None));
    assert_eq!(store.limits().client_budget(), size);
    let member = |i: usize| ip(&format!("10.0.0.{}", i + 1));
    let links: Vec<String> = (0..16)
        .map(|i| {
            store
                .put_at(&big(100 + i), Some(member(i)), T0 + i as i64)
                .unwrap()
        })
        .collect();
    for (i, h) in links.iter().enumerate() {
        let opener = Some(member((i + 1) % 16));
        assert!(store
            .get_from_at(h, opener, T0 + 100 + i as i64)
            .unwrap()
            .is_some());
    }
    assert_eq!(store.usage().bytes, 16 * size);
    // Within the hour of every open, so checking does not move a `last_opened`.
    let exists = |h: &str| store.get_at(h, T0 + 300).unwrap().is_some();
    // A new client stores: the least recently opened shared link gives way.
    let first = store
        .put_at(&big(200), Some(ip("10.0.1.1")), T0 + 200)
        .unwrap_or_else(|e| panic!("a new client was refused: {e}"));
    assert!(!exists(&links[0]) && exists(&links[1]) && exists(&first));
    // Shared links still hold more than seven eighths (15 of 16): the next new link
    // takes another of them, not the new link.
    let second = store
        .put_at(&big(201), Some(ip("10.0.1.2")), T0 + 201)
        .unwrap();
    assert!(!exists(&links[1]) && exists(&links[2]) && exists(&first));
    // Shared links hold 14 of 16 now: the next takes the least recently opened new link.
    let third = store
        .put_at(&big(202), Some(ip("10.0.1.3")), T0 + 202)
        .unwrap();
    assert!(!exists(&first) && exists(&second) && exists(&third));
    assert!(links[2..].iter().all(|h| exists(h)));
    assert_eq!(store.usage().count, 16);
}

/// A refused new link costs nothing: refused as full or as over its client's budget, it
/// uses none of the client's minute, and nothing its pruning would have deleted is
/// deleted.
#[test]
fn a_refused_link_uses_no_rate_and_deletes_nothing() {
    let size = big(0).len() as u64;
    let small = r#"{"s":1}"#;
    let store = Permalinks::in_memory_with(limits(2 * size + 100, 2, Some(size + 3)));
    let alice = ip("10.0.0.1");
    let old = store.put_at(small, Some(alice), T0).unwrap();
    // A month on (a new minute), two anonymous links fill the store with the stale one.
    let later = T0 + 31 * DAY;
    store.put_at(&big(1), None, later).unwrap();
    store.put_at(&big(2), None, later).unwrap();
    let before = store.usage();
    // Alice's big link would prune her stale one (for her budget and for room), but the
    // store still could not hold it: full, and her stale link is kept.
    let refused = store.put_at(&big(3), Some(alice), later + 1);
    assert!(
        matches!(refused, Err(PermalinkError::Full { .. })),
        "{refused:?}"
    );
    assert_eq!(store.usage(), before, "a refused link pruned nothing");
    // She opens her small link (now within keep_days), so a big one is over her budget.
    assert!(store
        .get_from_at(&old, Some(alice), later + 2)
        .unwrap()
        .is_some());
    assert!(matches!(
        store.put_at(&big(4), Some(alice), later + 3),
        Err(PermalinkError::OverBudget { .. })
    ));
    // Neither refusal used her minute: two more (her limit) are stored, then a third is
    // refused for the rate.
    store.put_at(r#"{"t":1}"#, Some(alice), later + 4).unwrap();
    store.put_at(r#"{"t":2}"#, Some(alice), later + 5).unwrap();
    assert!(matches!(
        store.put_at(r#"{"t":3}"#, Some(alice), later + 6),
        Err(PermalinkError::RateLimited { .. })
    ));
}

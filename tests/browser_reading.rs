//! Issue #31, "Reading the step page", in headless Chromium: every board and chart of the
//! five games' step pages meets WCAG AA contrast in the light and the dark scheme
//! (measured: each piece of text's colour against what is drawn behind it), the KeyForge
//! board is drawn once, an Arcane unit's bar stays on a phone's screen, and printing a
//! step page prints the board, the log and its citations only. Screenshots at both widths
//! and in both schemes: `target/browser-artifacts/reading_*.png`.
//!
//! Runs when `/usr/bin/chromium` exists (the harness, `tests/common/browser.rs`).

use crate::common;

use common::browser::{self, eval_json, Chromium, TestServer};
use headless_chrome::Tab;

/// Stores `fixture`'s position through the builder's JSON paste (a same-origin `fetch`
/// from the open page); answers the URL of its step page 0.
fn store(tab: &Tab, base: &str, game: &str, fixture: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(game)
        .join(format!("{fixture}.json"));
    let position = common::fixtures::read(&path).position;
    browser::open(tab, &format!("{base}/adjudicate"));
    let body = serde_json::to_string(&common::http::form_field("json", &position.to_string()))
        .expect("JSON");
    let js = format!(
        "fetch('/adjudicate', {{method: 'POST', headers: {{'Content-Type': \
         'application/x-www-form-urlencoded'}}, body: {body}}}).then(r => r.url)"
    );
    let url = tab
        .evaluate(&js, true)
        .expect("the position is stored")
        .value
        .and_then(|v| v.as_str().map(str::to_string))
        .expect("the step page's URL");
    assert!(
        url.contains("/adjudicate/p/"),
        "{game}/{fixture}: stored, redirected to its step page: {url}"
    );
    url
}

/// The URL of step `n` of the step page `url` (`…/p/<hash>/0`).
fn step(url: &str, n: usize) -> String {
    let (head, _) = url.rsplit_once('/').expect("a step URL");
    format!("{head}/{n}")
}

/// Every piece of text in the boards, charts, odds and outcome of the open page whose
/// contrast with what is drawn behind it is under WCAG AA (4.5:1, or 3:1 for large
/// text): `what "text" ratio colour on background`. Text in closed `<details>` or
/// otherwise not rendered is not looked at. The background is what the browser paints
/// under the text's middle: the first SVG shape with a fill or box with a background
/// colour, blended over the page; opacities multiply into the text's colour.
const LOW_CONTRAST: &str = r#"(() => {
  const parse = c => { const m = /rgba?\(([^)]+)\)/.exec(c || ''); if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(x => x).map(parseFloat); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lin = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = c => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const blend = (fg, bg, a) => [0, 1, 2].map(i => fg[i] * a + bg[i] * (1 - a));
  const page = parse(getComputedStyle(document.body).backgroundColor) || [255, 255, 255, 1];
  const opacity = e => { let o = 1; for (let n = e; n && n.nodeType === 1; n = n.parentElement) o *= parseFloat(getComputedStyle(n).opacity); return o; };
  const shapes = ['rect', 'circle', 'ellipse', 'polygon', 'path'];
  const behind = (el, x, y) => {
    for (const e of document.elementsFromPoint(x, y)) {
      if (e !== el && el.contains(e)) continue;
      const s = getComputedStyle(e);
      if (e instanceof SVGElement) {
        if (e === el || !shapes.includes(e.tagName.toLowerCase()) || s.fill === 'none') continue;
        const f = parse(s.fill); if (!f || f[3] === 0) continue;
        const a = f[3] * parseFloat(s.fillOpacity || '1') * parseFloat(s.opacity || '1');
        if (a === 0) continue;
        return blend(f, page, a);
      }
      const b = parse(s.backgroundColor);
      if (b && b[3] > 0) return blend(b, page, b[3]);
    }
    return page;
  };
  const out = [];
  const scope = Array.from(document.querySelectorAll('figure.board, figure.chart, section.odds, section.outcome, .dice-tray, nav.timeline'));
  const seen = new Set();
  for (const root of scope) for (const el of root.querySelectorAll('*')) {
    if (seen.has(el)) continue; seen.add(el);
    if (['title', 'script', 'style', 'desc'].includes(el.tagName.toLowerCase())) continue;
    const own = Array.from(el.childNodes).filter(n => n.nodeType === 3 && n.textContent.trim()).map(n => n.textContent.trim()).join(' ');
    if (!own) continue;
    if (el.closest('details:not([open])') && !el.closest('summary')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none') continue;
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const q = el.getBoundingClientRect();
    const x = Math.min(Math.max(q.left + q.width / 2, 0), innerWidth - 1), y = Math.min(Math.max(q.top + q.height / 2, 0), innerHeight - 1);
    const bg = behind(el, x, y);
    const ink = parse(el instanceof SVGElement ? s.fill : s.color);
    if (!ink) continue;
    const fg = blend(ink, bg, ink[3] * opacity(el));
    const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight, 10) >= 700;
    const need = (size >= 24 || (size >= 18.66 && bold)) ? 3 : 4.5;
    const got = ratio(fg, bg);
    if (got < need) out.push(`${el.tagName.toLowerCase()}.${(el.getAttribute('class') || '').replace(/ /g, '.')} "${own.slice(0, 30)}" ${got.toFixed(2)} rgb(${fg.map(Math.round)}) on rgb(${bg.map(Math.round)})`);
  }
  scrollTo(0, 0);
  return out;
})()"#;

/// The step pages looked at: `(name, game, fixture, step)`; `None` is the last step.
const PAGES: [(&str, &str, &str, Option<usize>); 7] = [
    ("battleline", "positions", "start_bolt", Some(1)),
    ("battleline_end", "positions", "start_bolt", None),
    ("swtcg", "swtcg", "critical_hit_parry_evade", Some(4)),
    ("swtcg_end", "swtcg", "critical_hit_parry_evade", None),
    ("keyforge", "keyforge", "default_choices", None),
    ("arcane", "arcane", "fireburst_death_cloud", None),
    ("karth", "karth", "call_pet", None),
];

#[test]
fn every_board_and_chart_meets_wcag_aa_in_both_schemes_and_prints_what_happened() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let server = TestServer::start(common::bundled_state());
    let base = server.base();
    let tab = chromium.tab();
    let mut failures: Vec<String> = Vec::new();
    for (name, game, fixture, at) in PAGES {
        let start = store(&tab, &base, game, fixture);
        browser::open(&tab, &start);
        let total: usize = eval_json(&tab, "parseInt(document.title.split(' of ')[1], 10)");
        let url = step(&start, at.unwrap_or(total).min(total));
        for scheme in ["light", "dark"] {
            browser::media(&tab, "screen", scheme);
            browser::open(&tab, &url);
            let low: Vec<String> = eval_json(&tab, LOW_CONTRAST);
            failures.extend(low.into_iter().map(|l| format!("{name} ({scheme}): {l}")));
            browser::full_screenshot(&tab, &format!("reading_{name}_{scheme}_desktop.png"));
            browser::viewport(&tab, Some(browser::PHONE));
            browser::assert_no_horizontal_scroll(&tab, &format!("{name} at 390 px"));
            let low: Vec<String> = eval_json(&tab, LOW_CONTRAST);
            failures.extend(
                low.into_iter()
                    .map(|l| format!("{name} ({scheme}, phone): {l}")),
            );
            browser::full_screenshot(&tab, &format!("reading_{name}_{scheme}_phone.png"));
            browser::viewport(&tab, None);
        }
        browser::media(&tab, "screen", "light");
        match name {
            "keyforge" => keyforge_is_drawn_once(&tab),
            "arcane" => arcane_unit_bars_stay_on_a_phone(&tab),
            "swtcg" => prints_the_board_the_log_and_the_citations_only(&tab),
            _ => {}
        }
    }
    assert!(
        failures.is_empty(),
        "text under WCAG AA contrast:\n{}",
        failures.join("\n")
    );
    drop(tab);
    drop(chromium);
    server.stop();
}

/// The battlelines are drawn once (the SVG); the card-by-card list of the same cards is
/// folded away, and the zones the SVG does not draw (hands, discards) still show.
fn keyforge_is_drawn_once(tab: &Tab) {
    let (svg, shown, folded): (usize, Vec<String>, usize) = eval_json(
        tab,
        "[document.querySelectorAll('svg.lines g.line').length, \
          Array.from(document.querySelectorAll('figure.board section.row')).filter(r => r.getClientRects().length > 0).map(r => r.querySelector('h3').innerText.trim()), \
          document.querySelectorAll('details.board-list:not([open]) section.row').length]",
    );
    assert_eq!(svg, 2, "both battlelines are drawn");
    assert!(
        !shown.iter().any(|l| l.contains("battleline")),
        "no battleline is drawn a second time: {shown:?}"
    );
    assert_eq!(folded, 2, "the battlelines' cards are listed on request");
}

/// On a 390 px phone, every Arcane unit's bar (its last place: damage and the unit's own
/// abilities) is on the screen, not in a sideways scroller.
fn arcane_unit_bars_stay_on_a_phone(tab: &Tab) {
    browser::viewport(tab, Some(browser::PHONE));
    let (bars, off, scrollers): (usize, Vec<String>, Vec<String>) = eval_json(
        tab,
        "(() => { const w = document.documentElement.clientWidth; \
          const bars = Array.from(document.querySelectorAll('section.row li.slot:last-child')).filter(li => /unit bar/.test(li.innerText)); \
          const off = bars.filter(li => li.getBoundingClientRect().right > w + 1 || li.getBoundingClientRect().left < 0).map(li => li.innerText.split('\\n')[0]); \
          const scrollers = Array.from(document.querySelectorAll('figure.board, figure.board *')).filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible').map(e => e.tagName + '.' + e.className); \
          return [bars.length, off, scrollers]; })()",
    );
    tab.evaluate(
        "document.querySelector('figure.board section.row:nth-of-type(3)').scrollIntoView()",
        false,
    )
    .expect("scroll to a unit");
    browser::screenshot(tab, "reading_arcane_units_phone.png");
    browser::viewport(tab, None);
    assert!(bars > 0, "the Arcane board has unit bars");
    assert!(off.is_empty(), "unit bars off the screen: {off:?}");
    assert!(
        scrollers.is_empty(),
        "the board scrolls sideways in: {scrollers:?}"
    );
}

/// Printed, a step page is its board, its log and the log's citations: no controls,
/// candidates, decisions, odds or interpretations, and no empty bullet.
fn prints_the_board_the_log_and_the_citations_only(tab: &Tab) {
    browser::media(tab, "print", "light");
    let (hidden, shown, blank): (Vec<String>, Vec<String>, usize) = eval_json(
        tab,
        "(() => { const vis = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'; \
          const gone = ['nav.controls', 'p.share', 'p.publish', 'section.chance', 'section.decision', 'section.odds', 'section.interpretations', 'nav.site'] \
            .filter(s => Array.from(document.querySelectorAll(s)).some(vis)); \
          const kept = ['figure.board', 'section.log', 'section.log a.rule', 'section.log q.sentence'] \
            .filter(s => !Array.from(document.querySelectorAll(s)).some(vis)); \
          const blank = Array.from(document.querySelectorAll('main li')).filter(li => vis(li) && !li.innerText.trim() && !li.querySelector('svg')).length; \
          return [gone, kept, blank]; })()",
    );
    browser::full_screenshot(tab, "reading_swtcg_print.png");
    browser::media(tab, "screen", "light");
    assert!(hidden.is_empty(), "printed though not wanted: {hidden:?}");
    assert!(shown.is_empty(), "not printed though wanted: {shown:?}");
    assert_eq!(blank, 0, "no empty bullets in print");
}

/// Pinning a die: the judge clicks the drawn die, then its face; the engine re-runs and
/// the die shows that face, on the same step.
#[test]
fn a_die_is_pinned_by_clicking_it() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let server = TestServer::start(common::bundled_state());
    let base = server.base();
    let tab = chromium.tab();
    let start = store(&tab, &base, "swtcg", "critical_hit_parry_evade");
    browser::open(&tab, &step(&start, 3));
    let (lists, pins, open): (usize, usize, bool) = eval_json(
        &tab,
        "[document.querySelectorAll('section.chance').length, \
          document.querySelectorAll('li.die details.die-pin > summary svg').length, \
          Array.from(document.querySelectorAll('details.die-pin .faces button')).some(b => b.checkVisibility())]",
    );
    assert_eq!(lists, 0, "no list of faces per die");
    assert_eq!(pins, 4, "each of the four drawn dice is clickable");
    assert!(!open, "the faces show once a die is clicked");
    browser::full_screenshot(&tab, "reading_die_pin_closed.png");
    tab.wait_for_element("li.die details.die-pin > summary")
        .expect("the first die")
        .click()
        .expect("click the first die");
    browser::wait_for(
        &tab,
        "the first die's faces",
        "document.querySelector('li.die details.die-pin').open",
    );
    browser::screenshot(&tab, "reading_die_pin_open.png");
    tab.wait_for_element(r#"button.candidate[data-slot="attack:0:3"]"#)
        .expect("face 3 of the first die")
        .click()
        .expect("pin the first die to 3");
    let (_, at) = browser::wait_for_step(&tab, "the pinned position", |h, _| !start.contains(h));
    assert_eq!(at, 3, "the judge lands on the same step");
    let face: String = eval_json(&tab, "document.querySelector('li.die').dataset.face");
    assert_eq!(face, "3", "the first die shows the pinned face");
    drop(tab);
    drop(chromium);
    server.stop();
}

/// The home page says what each game offers and the nav's "House rules" opens a short
/// list of one page a game; both fit a phone. Screenshots at both widths.
#[test]
fn the_home_page_and_each_games_house_rules_fit_both_widths() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let server = TestServer::start(common::bundled_state());
    let base = server.base();
    let tab = chromium.tab();
    browser::open(&tab, &format!("{base}/"));
    let offers: Vec<String> = eval_json(
        &tab,
        "Array.from(document.querySelectorAll('table.games ul.offers a'), a => a.innerText.trim())",
    );
    assert!(
        offers
            .iter()
            .filter(|o| *o == "Adjudicate a position")
            .count()
            == 5
            && offers.iter().any(|o| o == "Check a deck"),
        "every game's offers: {offers:?}"
    );
    browser::at_both_widths(&tab, "the home page", "reading_home");
    tab.wait_for_element(r#"nav.site a[href="/adjudicate/rules"]"#)
        .expect("the nav's House rules")
        .click()
        .expect("open House rules");
    browser::wait_for_url(&tab, "the house rules index", |u| {
        u == format!("{base}/adjudicate/rules")
    });
    let height: u32 = eval_json(&tab, "document.documentElement.scrollHeight");
    assert!(height <= 2_000, "the index is a short list: {height} px");
    browser::at_both_widths(&tab, "the house rules index", "reading_rules_index");
    tab.wait_for_element(r#"ul.rules-games a[href="/adjudicate/rules/swtcg"]"#)
        .expect("the Star Wars TCG's page")
        .click()
        .expect("open it");
    browser::wait_for_url(&tab, "the Star Wars TCG's house rules", |u| {
        u == format!("{base}/adjudicate/rules/swtcg")
    });
    let games: Vec<String> = eval_json(
        &tab,
        "Array.from(document.querySelectorAll('section.game-rules'), s => s.id)",
    );
    assert_eq!(games, ["swtcg"], "one game on its page");
    browser::at_both_widths(
        &tab,
        "the Star Wars TCG's house rules",
        "reading_rules_swtcg",
    );
    drop(tab);
    drop(chromium);
    server.stop();
}

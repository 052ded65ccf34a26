//! The odds charts of a step page laid out for SVG: each bar of a game's
//! [`crate::rules::view::Chart`] with its place and size in the drawing, its exact
//! fraction and its decimal. Geometry only; the markup is `templates/adjudicate/chart.html`
//! (an SVG with a `<title>`, each bar titled with its fraction, and a table of the same
//! figures). Any game's charts are drawn the same way.

use serde::Serialize;

use crate::rules::view::Chart;

/// The plot's height, in drawing units.
const PLOT: f64 = 120.0;
/// Room above the bars for their percentages.
const TOP: f64 = 22.0;
/// Room below for their labels.
const BOTTOM: f64 = 34.0;
/// The width a bar takes, gap included.
const SLOT: f64 = 56.0;
const BAR: f64 = 40.0;
const LEFT: f64 = 8.0;

/// One chart ready to draw.
#[derive(Debug, Clone, Serialize)]
pub struct ChartView {
    pub id: String,
    pub title: String,
    pub axis: String,
    pub width: f64,
    pub height: f64,
    /// The y of the baseline.
    pub base: f64,
    pub bars: Vec<BarView>,
    /// The largest chance, which the tallest bar shows (bars are scaled to it).
    pub scale: String,
}

/// One bar ready to draw.
#[derive(Debug, Clone, Serialize)]
pub struct BarView {
    pub label: String,
    pub odds: String,
    pub decimal: f64,
    /// `31.9%`.
    pub percent: String,
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    /// The middle of the bar, for its texts.
    pub mid: f64,
    /// Whether this bar is the most likely.
    pub top: bool,
}

/// A bar's chance as a player reads it: `certain` for exactly 1, else a percentage to
/// one decimal, never rounded to 0% or 100% when it is neither (`under 0.1%`).
fn percent(odds: &str, decimal: f64) -> String {
    match odds {
        "1" => return "certain".into(),
        "0" => return "0%".into(),
        _ => {}
    }
    match format!("{:.1}", decimal * 100.0).as_str() {
        "0.0" => "under 0.1%".into(),
        "100.0" => "over 99.9%".into(),
        shown => format!("{shown}%"),
    }
}

impl ChartView {
    pub fn of(c: &Chart) -> ChartView {
        let max = c.bars.iter().map(|b| b.decimal).fold(0.0_f64, f64::max);
        let scale = if max > 0.0 { max } else { 1.0 };
        let base = TOP + PLOT;
        // A slot wide enough for its label and its fraction (about 6 units a character).
        let widest = c
            .bars
            .iter()
            .map(|b| b.label.chars().count().max(b.odds.chars().count()))
            .max()
            .unwrap_or(0);
        let slot = SLOT.max(widest as f64 * 6.5 + 10.0);
        let bars = c
            .bars
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let h = (b.decimal / scale * PLOT).max(if b.decimal > 0.0 { 1.5 } else { 0.0 });
                let x = LEFT + i as f64 * slot + (slot - BAR) / 2.0;
                BarView {
                    label: b.label.clone(),
                    odds: b.odds.clone(),
                    decimal: b.decimal,
                    percent: percent(&b.odds, b.decimal),
                    x,
                    y: base - h,
                    w: BAR,
                    h,
                    mid: x + BAR / 2.0,
                    top: max > 0.0 && b.decimal == max,
                }
            })
            .collect();
        ChartView {
            id: c.id.clone(),
            title: c.title.clone(),
            axis: c.axis.clone(),
            width: (LEFT * 2.0 + c.bars.len() as f64 * slot).max(160.0),
            height: base + BOTTOM,
            base,
            bars,
            scale: format!("{:.1}%", scale * 100.0),
        }
    }
}

//! Figures of the benchmark harness: medians over repeated runs, a markdown table with the
//! tern/official ratio, and one JSON line for machines.

use serde_json::{json, Map, Value};

/// The middle of the samples (the mean of the two middles for an even count).
pub fn median(samples: &[f64]) -> Option<f64> {
    let mut s = samples.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(s[n / 2]),
        _ => Some((s[n / 2 - 1] + s[n / 2]) / 2.0),
    }
}

/// The 99th percentile by nearest rank (with few samples, the largest).
pub fn p99(samples: &[f64]) -> Option<f64> {
    let mut s = samples.to_vec();
    s.sort_by(f64::total_cmp);
    let rank = ((s.len() as f64) * 0.99).ceil() as usize;
    s.get(rank.max(1) - 1).copied()
}

/// What one program measured for a figure: a value, or why there is none.
#[derive(Debug, Clone, PartialEq)]
pub enum Measured {
    Value(f64),
    /// Not measured in this run (program absent, scenario not selected).
    Skipped(&'static str),
    /// Measured and failed (e.g. the screen never showed what was waited for).
    Failed(String),
}

impl Measured {
    /// The median of `samples`, or a failure saying how many of `runs` produced none.
    pub fn median_of(samples: &[f64], runs: usize) -> Measured {
        match median(samples) {
            Some(v) if samples.len() == runs => Measured::Value(v),
            Some(v) => Measured::Failed(format!("{v:.3} from {}/{runs} runs", samples.len())),
            None => Measured::Failed("no run finished".into()),
        }
    }

    pub fn value(&self) -> Option<f64> {
        match self {
            Measured::Value(v) => Some(*v),
            _ => None,
        }
    }

    fn show(&self, unit: &str) -> String {
        match self {
            Measured::Value(v) => format!("{} {unit}", round(*v)),
            Measured::Skipped(why) => format!("– ({why})"),
            Measured::Failed(why) => format!("failed: {why}"),
        }
    }
}

fn round(v: f64) -> String {
    match v.abs() {
        a if a >= 100.0 => format!("{v:.0}"),
        a if a >= 10.0 => format!("{v:.1}"),
        a if a >= 1.0 => format!("{v:.2}"),
        _ => format!("{v:.3}"),
    }
}

pub struct Figure {
    /// A stable name for the JSON line, e.g. `stream_10k.enter_to_last_line_s`.
    pub key: String,
    pub label: String,
    pub unit: &'static str,
    pub app_server: Option<f64>,
    pub official: Measured,
    pub tern: Measured,
    pub target: String,
    /// tern's figure meets the target when it is at most this (set with `at_most`).
    pub limit: Option<f64>,
    /// Whether the target is met, for targets a single limit cannot say (set with `judged`).
    pub verdict: Option<bool>,
}

impl Figure {
    pub fn new(key: &str, label: &str, unit: &'static str, target: &str) -> Figure {
        Figure {
            key: key.into(),
            label: label.into(),
            unit,
            app_server: None,
            official: Measured::Skipped("not run"),
            tern: Measured::Skipped("not run"),
            target: target.into(),
            limit: None,
            verdict: None,
        }
    }

    /// The target is met when tern's figure is at most `limit` (in the figure's unit).
    pub fn at_most(mut self, limit: f64) -> Figure {
        self.limit = Some(limit);
        self
    }

    /// Says whether a target that is not a single limit is met.
    pub fn judged(&mut self, met: bool) {
        self.verdict = Some(met);
    }

    /// Whether tern meets the target: `None` without a target or without tern's figure.
    pub fn met(&self) -> Option<bool> {
        match (self.verdict, self.limit, self.tern.value()) {
            (Some(met), _, _) => Some(met),
            (None, Some(limit), Some(value)) => Some(value <= limit),
            _ => None,
        }
    }

    fn met_text(&self) -> &'static str {
        match self.met() {
            Some(true) => "yes",
            Some(false) => "**no**",
            None => "–",
        }
    }

    fn ratio(&self) -> Option<f64> {
        match (self.tern.value(), self.official.value()) {
            (Some(t), Some(o)) if o > 0.0 => Some(t / o),
            _ => None,
        }
    }
}

pub fn print_table(figures: &[Figure]) {
    println!(
        "| figure | app-server alone | official Codex TUI | tern | tern/official | target | met |"
    );
    println!("|---|---|---|---|---|---|---|");
    for f in figures {
        println!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            f.label,
            f.app_server
                .map_or("–".into(), |v| format!("{} {}", round(v), f.unit)),
            f.official.show(f.unit),
            f.tern.show(f.unit),
            f.ratio().map_or("–".into(), |r| format!("{r:.2}")),
            f.target,
            f.met_text(),
        );
    }
    let missed: Vec<&str> = figures
        .iter()
        .filter(|f| f.met() == Some(false))
        .map(|f| f.key.as_str())
        .collect();
    let judged = figures.iter().filter(|f| f.met().is_some()).count();
    println!(
        "\ntargets met: {} of {judged}{}",
        judged - missed.len(),
        match missed.is_empty() {
            true => String::new(),
            false => format!(" (missed: {})", missed.join(", ")),
        }
    );
}

pub fn json_line(figures: &[Figure], context: Value) -> String {
    let mut all = Map::new();
    for f in figures {
        let text = |m: &Measured| match m {
            Measured::Value(v) => json!(v),
            Measured::Skipped(why) => json!({ "skipped": why }),
            Measured::Failed(why) => json!({ "failed": why }),
        };
        all.insert(
            f.key.clone(),
            json!({
                "unit": f.unit,
                "tern": text(&f.tern),
                "official": text(&f.official),
                "app_server": f.app_server,
                "ratio": f.ratio(),
                "target": f.target,
                "met": f.met(),
            }),
        );
    }
    json!({ "bench": "tern", "context": context, "figures": all }).to_string()
}

//! Match statistics: the score, the Elo difference with its 95% interval, and the sequential
//! probability ratio test (SPRT).
//!
//! # Formulas
//! Elo is the logistic model: a score `s` (wins plus half the draws, over the games) means an
//! Elo difference `d = -400 · log10(1/s − 1)`, and a difference `d` an expected score
//! `s(d) = 1 / (1 + 10^(−d/400))`.
//!
//! The interval is the normal approximation of the mean score, mapped through that curve:
//! `s ± 1.959964 · σ/√n`, where `n` is the number of observations and `σ²` the variance of one
//! observation around the mean score.
//! - **Trinomial** (each game an observation, scores 1, ½, 0):
//!   `σ² = (W(1−s)² + D(½−s)² + L(0−s)²) / N`.
//! - **Pentanomial** (each pair of games on one opening, colours swapped, an observation; its
//!   score is the pair's points over 2: 0, ¼, ½, ¾, 1): `σ² = Σ_k n_k (x_k − s)² / P` over the
//!   five pair outcomes. Pairs remove most of the variance the openings add, so this interval is
//!   the one reported when every game has its partner.
//!
//! The **SPRT** tests H0: the difference is `elo0` against H1: it is `elo1`. With the expected
//! scores `s0 = s(elo0)`, `s1 = s(elo1)`, the observations' mean `x̄` and variance `σ²` as above,
//! the log-likelihood ratio of two normal laws of that variance is
//! `LLR = n · (s1 − s0) · (2x̄ − s0 − s1) / (2σ²)` (σ² at least 0.001, so that a one-sided
//! result, every game won, still decides); the test stops accepting H1 when
//! `LLR ≥ ln((1−β)/α)` and accepting H0 when `LLR ≤ ln(β/(1−α))`.

/// The 97.5% quantile of the standard normal law (two-sided 95%).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The smallest variance of one observation the SPRT uses (see [`Sprt::llr`]).
pub const MIN_VARIANCE: f64 = 1e-3;

/// Wins, draws and losses of one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// The number of games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Wins plus half the draws, over the games (0.5 with no game).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / n as f64
    }

    /// The Elo estimate from games taken one by one (trinomial).
    pub fn estimate(&self) -> Option<Estimate> {
        let obs = [(1.0, self.wins), (0.5, self.draws), (0.0, self.losses)];
        Estimate::from_observations(&obs)
    }
}

/// Pair outcomes: how many pairs scored 0, ½, 1, 1½ and 2 points (of 2) for one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Adds a pair whose two game scores (1, ½ or 0 each) are given in half points (0 to 2 each).
    pub fn add(&mut self, first_half_points: u8, second_half_points: u8) {
        let total = usize::from(first_half_points.min(2) + second_half_points.min(2));
        self.0[total] += 1;
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// The Elo estimate from pairs (pentanomial).
    pub fn estimate(&self) -> Option<Estimate> {
        let obs = [
            (0.0, self.0[0]),
            (0.25, self.0[1]),
            (0.5, self.0[2]),
            (0.75, self.0[3]),
            (1.0, self.0[4]),
        ];
        Estimate::from_observations(&obs)
    }
}

/// The expected score of an Elo difference (logistic).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a score (±∞ at 1 and 0).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// A score with its Elo difference and 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// Number of observations (games or pairs).
    pub n: u64,
    /// The mean score, 0 to 1.
    pub score: f64,
    /// The variance of one observation.
    pub variance: f64,
    /// The Elo difference.
    pub elo: f64,
    /// The Elo at the lower end of the 95% interval.
    pub elo_low: f64,
    /// The Elo at the upper end of the 95% interval.
    pub elo_high: f64,
}

impl Estimate {
    /// From observations given as (score, count).
    fn from_observations(obs: &[(f64, u64)]) -> Option<Estimate> {
        let n: u64 = obs.iter().map(|o| o.1).sum();
        if n == 0 {
            return None;
        }
        let nf = n as f64;
        let score = obs.iter().map(|&(x, c)| x * c as f64).sum::<f64>() / nf;
        let variance = obs
            .iter()
            .map(|&(x, c)| c as f64 * (x - score).powi(2))
            .sum::<f64>()
            / nf;
        let half = Z95 * (variance / nf).sqrt();
        Some(Estimate {
            n,
            score,
            variance,
            elo: elo_of_score(score),
            elo_low: elo_of_score(score - half),
            elo_high: elo_of_score(score + half),
        })
    }

    /// The half-width of the interval in Elo (the mean of both sides; infinite at a 0 or 100%
    /// score).
    pub fn elo_margin(&self) -> f64 {
        (self.elo_high - self.elo_low) / 2.0
    }

    /// `+147.2 [+86.2, +218.2]`-style text.
    pub fn text(&self) -> String {
        format!(
            "{} [{}, {}]",
            elo_text(self.elo),
            elo_text(self.elo_low),
            elo_text(self.elo_high)
        )
    }
}

/// An Elo value as text with its sign (`+inf`, `-inf` at the ends).
pub fn elo_text(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else if elo.abs() < 0.05 {
        "+0.0".to_string()
    } else {
        format!("{elo:+.1}")
    }
}

/// The SPRT's hypotheses and error rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where the SPRT stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtState {
    /// Neither bound reached.
    Continue,
    /// The lower bound was reached: H0 accepted.
    AcceptH0,
    /// The upper bound was reached: H1 accepted.
    AcceptH1,
}

/// Why an SPRT specification was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid SPRT {0}")]
pub struct SprtError(pub String);

impl Sprt {
    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05` (the items in any order, separated by spaces
    /// or commas; alpha and beta default to 0.05).
    ///
    /// # Errors
    /// An unknown key, a value that is not a number, `elo0 >= elo1`, or an error rate outside
    /// (0, 0.5).
    pub fn parse(text: &str) -> Result<Sprt, SprtError> {
        let mut s = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for item in text.split([' ', ',']).filter(|t| !t.is_empty()) {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| SprtError(format!("item {item:?} (expected key=value)")))?;
            let x: f64 = v
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| SprtError(format!("value {v:?} of {k} (expected a number)")))?;
            match k {
                "elo0" => s.elo0 = x,
                "elo1" => s.elo1 = x,
                "alpha" => s.alpha = x,
                "beta" => s.beta = x,
                other => {
                    return Err(SprtError(format!(
                        "key {other:?} (expected elo0, elo1, alpha, beta)"
                    )))
                }
            }
        }
        if s.elo0.is_nan() || s.elo1.is_nan() {
            return Err(SprtError("test: elo0 and elo1 are required".into()));
        }
        if s.elo0 >= s.elo1 {
            return Err(SprtError("test: elo0 must be below elo1".into()));
        }
        for (name, p) in [("alpha", s.alpha), ("beta", s.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(SprtError(format!("{name} {p} (expected 0 < {name} < 0.5)")));
            }
        }
        Ok(s)
    }

    /// The lower and upper bounds of the log-likelihood ratio: `ln(β/(1−α))`, `ln((1−β)/α)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of an estimate. The variance counts as at least
    /// [`MIN_VARIANCE`], so that one-sided results (every game won) decide instead of leaving
    /// the ratio undefined.
    pub fn llr(&self, e: &Estimate) -> f64 {
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        let variance = e.variance.max(MIN_VARIANCE);
        e.n as f64 * (s1 - s0) * (2.0 * e.score - s0 - s1) / (2.0 * variance)
    }

    /// The state of the test at a log-likelihood ratio.
    pub fn state(&self, llr: f64) -> SprtState {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() < tol, "{a} is not {b} (±{tol})");
    }

    /// 60 wins, 20 draws, 20 losses, worked by hand:
    /// s = (60 + 10)/100 = 0.7; Elo = 400·log10(0.7/0.3) = 400 · 0.367977 = 147.19.
    /// σ² = 0.6·0.3² + 0.2·0.2² + 0.2·0.7² = 0.054 + 0.008 + 0.098 = 0.16; σ/√n = 0.4/10 = 0.04;
    /// half-width 1.96·0.04 = 0.0784: s in [0.6216, 0.7784];
    /// Elo low = 400·log10(0.6216/0.3784) = 400 · 0.215561 = 86.22,
    /// Elo high = 400·log10(0.7784/0.2216) = 400 · 0.545634 = 218.25.
    #[test]
    fn trinomial_by_hand() {
        let e = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        }
        .estimate()
        .unwrap();
        close(e.score, 0.7, 1e-12);
        close(e.variance, 0.16, 1e-12);
        close(e.elo, 147.19, 0.01);
        close(e.elo_low, 86.22, 0.02);
        close(e.elo_high, 218.25, 0.02);
    }

    /// 10 pairs: 2 of 0 points, 2 of 1, 6 of 2 (pair scores 0, 0.5, 1):
    /// s = (2·0 + 2·0.5 + 6·1)/10 = 0.7; σ² = (2·0.49 + 2·0.04 + 6·0.09)/10 = 0.16;
    /// σ/√P = 0.4/√10 = 0.126491; half-width 0.247918: s in [0.452082, 0.947918];
    /// Elo low = 400·log10(0.452082/0.547918) = 400 · (−0.083503) = −33.40,
    /// Elo high = 400·log10(0.947918/0.052082) = 400 · 1.260071 = 504.03.
    #[test]
    fn pentanomial_by_hand() {
        let p = Pentanomial([2, 0, 2, 0, 6]);
        let e = p.estimate().unwrap();
        close(e.score, 0.7, 1e-12);
        close(e.variance, 0.16, 1e-12);
        close(e.elo_low, -33.40, 0.02);
        close(e.elo_high, 504.03, 0.05);
    }

    #[test]
    fn pentanomial_add_counts_half_points() {
        let mut p = Pentanomial::default();
        p.add(2, 2);
        p.add(1, 0);
        p.add(2, 1);
        assert_eq!(p.0, [0, 1, 0, 1, 1]);
    }

    /// alpha = beta = 0.05: bounds ln(0.05/0.95) = −2.944439, ln(0.95/0.05) = 2.944439.
    /// With elo0 = 0, elo1 = 5: s0 = 0.5, s1 = 1/(1+10^(−5/400)) = 0.507195;
    /// for the 60/20/20 games above: LLR = 100 · 0.007195 · (1.4 − 1.007195)/(2·0.16)
    /// = 100 · 0.007195 · 0.392805 / 0.32 = 0.8832.
    #[test]
    fn sprt_by_hand() {
        let s = Sprt::parse("elo0=0 elo1=5 alpha=0.05 beta=0.05").unwrap();
        let (lo, hi) = s.bounds();
        close(lo, -2.944439, 1e-6);
        close(hi, 2.944439, 1e-6);
        close(expected_score(5.0), 0.507195, 1e-6);
        let e = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        }
        .estimate()
        .unwrap();
        close(s.llr(&e), 0.8832, 1e-3);
        assert_eq!(s.state(0.8832), SprtState::Continue);
        assert_eq!(s.state(3.0), SprtState::AcceptH1);
        assert_eq!(s.state(-3.0), SprtState::AcceptH0);
    }

    #[test]
    fn sprt_refusals() {
        assert!(Sprt::parse("elo0=5 elo1=0").is_err());
        assert!(Sprt::parse("elo0=0").is_err());
        assert!(Sprt::parse("elo0=0 elo1=5 alpha=0.7").is_err());
        assert!(Sprt::parse("elo0=0 elo1=5 gamma=1").is_err());
        assert!(Sprt::parse("elo0=0 elo1=x").is_err());
        assert_eq!(Sprt::parse("elo1=5,elo0=0").unwrap().alpha, 0.05);
    }

    #[test]
    fn extreme_scores() {
        let e = Wdl {
            wins: 3,
            draws: 0,
            losses: 0,
        }
        .estimate()
        .unwrap();
        assert_eq!(e.elo, f64::INFINITY);
        assert_eq!(elo_text(e.elo), "+inf");
        assert!(Wdl::default().estimate().is_none());
    }
}

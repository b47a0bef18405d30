//! The description's rules compiled per army: one set of rules per style letter (the top-level
//! fields for the styles without an `armies` entry), and the style pairs a position may have.

use std::collections::BTreeMap;

use tegoma_notation::pin;
use tegoma_notation::sin;
use tegoma_protocol::{Position, Side, Style};

use super::{Choice, PromotionRule};
use crate::description::{
    Army, Capture, Description, DescriptionError, Drops, Legality, Promotion, RightRule, Special,
    StepMark, Trigger,
};

/// The rules of one army, PIN tokens normalised to the first player's side.
#[derive(Debug, Clone)]
pub(super) struct ArmyRules {
    pub snn: String,
    pub moved: Vec<(pin::Identifier, pin::Identifier)>,
    pub step_marks: Vec<(pin::Identifier, u8, pin::Identifier)>,
    pub expire: Vec<(pin::Identifier, pin::Identifier)>,
    pub rights: Vec<(pin::Identifier, pin::Identifier, pin::Identifier)>,
    pub promotions: Vec<PromotionRule>,
    pub capture: Capture,
    pub converts: Vec<(pin::Identifier, pin::Identifier)>,
    pub drops: bool,
    pub bans: Vec<(pin::Identifier, Option<u8>)>,
    pub special: Special,
    pub legality: Legality,
}

/// Every army of a game, found by style letter.
#[derive(Debug, Clone)]
pub(super) struct Armies {
    pub list: Vec<ArmyRules>,
    /// Index into `list` per letter `A`..`Z` (`u8::MAX`: no such style).
    by_letter: [u8; 26],
    /// The style pairs a position may have, `[first, second]`; the first is the default.
    pub pairs: Vec<[Style; 2]>,
    /// Whether the pairs use more than one style letter.
    pub hybrid: bool,
}

impl Armies {
    /// The army of the player `side` of `pos` (the first army for a style the game does not
    /// have: positions are checked before they are played on).
    #[inline]
    pub fn of(&self, pos: &Position, side: Side) -> &ArmyRules {
        self.by_style(pos.style(side))
    }

    /// The army of a style (the first army for a style the game does not have).
    #[inline]
    pub fn by_style(&self, style: Style) -> &ArmyRules {
        let l = style.letter().as_ascii().to_ascii_uppercase();
        let i = l
            .checked_sub(b'A')
            .and_then(|i| self.by_letter.get(usize::from(i)))
            .copied()
            .filter(|&i| i != u8::MAX)
            .unwrap_or(0);
        &self.list[usize::from(i)]
    }
}

fn field(prefix: &str, name: &str) -> String {
    format!("{prefix}{name}")
}

fn parse_pin(field: &str, s: &str) -> Result<pin::Identifier, DescriptionError> {
    pin::Identifier::parse(s)
        .map(|p| p.with_side(pin::Side::First))
        .map_err(|_| DescriptionError::Pin {
            field: field.to_string(),
            value: s.chars().take(16).collect(),
        })
}

fn pair_list(
    field: &str,
    map: &BTreeMap<String, String>,
) -> Result<Vec<(pin::Identifier, pin::Identifier)>, DescriptionError> {
    map.iter()
        .map(|(a, b)| Ok((parse_pin(field, a)?, parse_pin(field, b)?)))
        .collect()
}

/// The rule fields of an army (or of the top level), borrowed.
struct Fields<'a> {
    snn: Option<&'a str>,
    moved: &'a BTreeMap<String, String>,
    step_marks: &'a [StepMark],
    expire: &'a BTreeMap<String, String>,
    rights: &'a [RightRule],
    promotions: &'a [Promotion],
    capture: Capture,
    converts: Option<&'a BTreeMap<String, String>>,
    drops: &'a Drops,
    special: Special,
    legality: Legality,
}

impl<'a> Fields<'a> {
    fn army(a: &'a Army) -> Fields<'a> {
        Fields {
            snn: a.snn.as_deref(),
            moved: &a.moved,
            step_marks: &a.step_marks,
            expire: &a.expire,
            rights: &a.rights,
            promotions: &a.promotions,
            capture: a.capture,
            converts: Some(&a.converts),
            drops: &a.drops,
            special: a.special,
            legality: a.legality,
        }
    }

    fn top(d: &'a Description, capture: Capture) -> Fields<'a> {
        Fields {
            snn: None,
            moved: &d.moved,
            step_marks: &d.step_marks,
            expire: &d.expire,
            rights: &d.rights,
            promotions: &d.promotions,
            capture,
            converts: None,
            drops: &d.drops,
            special: d.special,
            legality: d.legality,
        }
    }

    /// Compiles the fields; error fields are named `prefix` + the field's name.
    fn compile(&self, default_snn: &str, prefix: &str) -> Result<ArmyRules, DescriptionError> {
        let f = |name| field(prefix, name);
        Ok(ArmyRules {
            snn: self.snn.unwrap_or(default_snn).to_string(),
            moved: pair_list(&f("moved"), self.moved)?,
            step_marks: self
                .step_marks
                .iter()
                .map(|m| {
                    Ok((
                        parse_pin(&f("step_marks"), &m.piece)?,
                        m.ranks,
                        parse_pin(&f("step_marks"), &m.becomes)?,
                    ))
                })
                .collect::<Result<_, DescriptionError>>()?,
            expire: pair_list(&f("expire"), self.expire)?,
            rights: self
                .rights
                .iter()
                .map(|r| {
                    Ok((
                        parse_pin(&f("rights"), &r.piece)?,
                        parse_pin(&f("rights"), &r.needs)?,
                        parse_pin(&f("rights"), &r.becomes)?,
                    ))
                })
                .collect::<Result<_, DescriptionError>>()?,
            promotions: self
                .promotions
                .iter()
                .map(|p| {
                    let name = f("promotions");
                    Ok(PromotionRule {
                        pieces: p
                            .pieces
                            .iter()
                            .map(|s| parse_pin(&name, s))
                            .collect::<Result<_, _>>()?,
                        zone: p.zone,
                        from_or_to: p.trigger == Trigger::FromOrTo,
                        choices: p
                            .choices
                            .iter()
                            .map(|c| {
                                if c == "+" {
                                    Ok(Choice::Enhanced)
                                } else {
                                    parse_pin(&name, c).map(Choice::To)
                                }
                            })
                            .collect::<Result<_, _>>()?,
                        forced: p.forced,
                    })
                })
                .collect::<Result<_, DescriptionError>>()?,
            capture: self.capture,
            converts: match self.converts {
                Some(c) => pair_list(&f("converts"), c)?,
                None => Vec::new(),
            },
            drops: self.drops.enabled,
            bans: self
                .drops
                .bans
                .iter()
                .map(|b| Ok((parse_pin(&f("drops"), &b.piece)?, b.last_ranks)))
                .collect::<Result<_, DescriptionError>>()?,
            special: self.special,
            legality: self.legality,
        })
    }
}

/// Reads a style pair `X/y` of the `styles` field.
fn style_pair(text: &str) -> Result<[Style; 2], DescriptionError> {
    let bad = |reason: &str| DescriptionError::Field {
        field: "styles".into(),
        reason: format!("{:?}: {reason}", text.chars().take(16).collect::<String>()),
    };
    let (a, b) = text
        .split_once('/')
        .ok_or_else(|| bad("expected two style letters, as \"C/o\""))?;
    let first = sin::Identifier::parse(a).map_err(|_| bad("not a style letter"))?;
    let second = sin::Identifier::parse(b).map_err(|_| bad("not a style letter"))?;
    if !first.is_first() || !second.is_second() {
        return Err(bad(
            "the first style must be uppercase, the second lowercase",
        ));
    }
    Ok([first, second])
}

/// When every style has an army, a top-level rule field would be silently ignored: refused.
fn unused_top_level(desc: &Description) -> Result<(), DescriptionError> {
    let given = [
        ("moved", !desc.moved.is_empty()),
        ("step_marks", !desc.step_marks.is_empty()),
        ("expire", !desc.expire.is_empty()),
        ("rights", !desc.rights.is_empty()),
        ("promotions", !desc.promotions.is_empty()),
        ("capture", desc.capture.is_some()),
        ("drops", desc.drops != Drops::default()),
        ("special", desc.special != Special::default()),
        ("legality", desc.legality != Legality::default()),
    ];
    match given.iter().find(|(_, g)| *g) {
        Some((name, _)) => Err(DescriptionError::Field {
            field: (*name).into(),
            reason: "unused: every style has an army, which holds its rules".into(),
        }),
        None => Ok(()),
    }
}

/// The armies of a description, with its style pairs; `first` is the style of `sin`.
pub(super) fn compile(desc: &Description, first: Style) -> Result<Armies, DescriptionError> {
    let pairs: Vec<[Style; 2]> = if desc.styles.is_empty() {
        vec![[first, first.flipped()]]
    } else {
        desc.styles
            .iter()
            .map(|s| style_pair(s))
            .collect::<Result<_, _>>()?
    };
    if pairs[0][0] != first {
        return Err(DescriptionError::Field {
            field: "styles".into(),
            reason: format!("the first pair must begin with the sin {:?}", desc.sin),
        });
    }
    let mut letters: Vec<u8> = pairs
        .iter()
        .flatten()
        .map(|s| s.letter().as_ascii().to_ascii_uppercase())
        .collect();
    letters.sort_unstable();
    letters.dedup();
    for key in desc.armies.keys() {
        let known = key.len() == 1 && letters.contains(&key.as_bytes()[0]);
        if !known {
            return Err(DescriptionError::Field {
                field: format!("armies.{}", key.chars().take(8).collect::<String>()),
                reason: "not the uppercase letter of a style in `styles`".into(),
            });
        }
    }
    let mut list = Vec::new();
    let mut by_letter = [u8::MAX; 26];
    let mut top: Option<u8> = None;
    for &l in &letters {
        let key = char::from(l).to_string();
        let rules = match desc.armies.get(&key) {
            Some(a) => Fields::army(a).compile(&desc.snn, &format!("armies.{key}."))?,
            None => {
                if let Some(i) = top {
                    by_letter[usize::from(l - b'A')] = i;
                    continue;
                }
                let capture = desc.capture.ok_or_else(|| DescriptionError::Field {
                    field: "capture".into(),
                    reason: format!("missing field `capture` (style {key} has no army)"),
                })?;
                top = Some(list.len() as u8);
                Fields::top(desc, capture).compile(&desc.snn, "")?
            }
        };
        by_letter[usize::from(l - b'A')] = list.len() as u8;
        list.push(rules);
    }
    if top.is_none() {
        unused_top_level(desc)?;
    }
    // The army of the default pair's first player comes first (the fallback of `of`).
    let first_index =
        usize::from(by_letter[usize::from(first.letter().as_ascii().to_ascii_uppercase() - b'A')]);
    if first_index != 0 {
        list.swap(0, first_index);
        for i in by_letter.iter_mut() {
            if usize::from(*i) == first_index {
                *i = 0;
            } else if *i == 0 {
                *i = first_index as u8;
            }
        }
    }
    Ok(Armies {
        list,
        by_letter,
        hybrid: letters.len() > 1,
        pairs,
    })
}

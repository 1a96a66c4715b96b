//! The terminal's own colours, for text that brings its colours with it: command output's SGR
//! codes (`render::ansi`). Not roles: these are what the program asked for, passed on.

use ratatui::style::Color::{self, *};

// SGR 30–37 / 40–47 and their bright forms 90–97 / 100–107.
const NORMAL: [Color; 8] = [Black, Red, Green, Yellow, Blue, Magenta, Cyan, Gray];
const BRIGHT: [Color; 8] = [
    DarkGray,
    LightRed,
    LightGreen,
    LightYellow,
    LightBlue,
    LightMagenta,
    LightCyan,
    White,
];

/// The colour an SGR code sets as foreground (30–37, 90–97) or background (40–47, 100–107).
pub(crate) fn sgr(code: u32) -> Option<Color> {
    let (table, first) = match code {
        30..=37 => (&NORMAL, 30),
        40..=47 => (&NORMAL, 40),
        90..=97 => (&BRIGHT, 90),
        100..=107 => (&BRIGHT, 100),
        _ => return None,
    };
    table.get((code - first) as usize).copied()
}

/// `38;5;n`: one of the 256 indexed colours.
pub(crate) fn indexed(n: u8) -> Color {
    Indexed(n)
}

/// `38;2;r;g;b`: a colour given by its components.
pub(crate) fn rgb(r: u8, g: u8, b: u8) -> Color {
    Rgb(r, g, b)
}

/// Terminal colour `n` of the 16 by its name (0–7 normal, 8–15 bright); others stay indexed.
pub(crate) fn ansi(n: u8) -> Color {
    match n {
        0..=7 => NORMAL[usize::from(n)],
        8..=15 => BRIGHT[usize::from(n - 8)],
        _ => Indexed(n),
    }
}

/// Whether `colour` is one of the terminal's 16 (or its default).
#[cfg(test)]
pub(crate) fn is_one_of_16(colour: Color) -> bool {
    !matches!(colour, Rgb(..)) && !matches!(colour, Indexed(n) if n >= 16)
}

/// The nearest of the terminal's 16 colours (by xterm's usual values) to `colour`; the 16 and
/// the default stay as they are.
pub(crate) fn nearest_of_16(colour: Color) -> Color {
    let (r, g, b) = match colour {
        Rgb(r, g, b) => (r, g, b),
        Indexed(n) if n < 16 => return ansi(n),
        Indexed(n @ 16..=231) => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            let n = n - 16;
            (level(n / 36), level(n / 6 % 6), level(n % 6))
        }
        Indexed(n) => {
            let grey = 8 + 10 * (n - 232);
            (grey, grey, grey)
        }
        other => return other,
    };
    const XTERM: [(u8, u8, u8); 16] = [
        (0, 0, 0),
        (205, 0, 0),
        (0, 205, 0),
        (205, 205, 0),
        (0, 0, 238),
        (205, 0, 205),
        (0, 205, 205),
        (229, 229, 229),
        (127, 127, 127),
        (255, 0, 0),
        (0, 255, 0),
        (255, 255, 0),
        (92, 92, 255),
        (255, 0, 255),
        (0, 255, 255),
        (255, 255, 255),
    ];
    let distance = |(cr, cg, cb): (u8, u8, u8)| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(r, cr) + d(g, cg) + d(b, cb)
    };
    let best = (0..16u8)
        .min_by_key(|&i| distance(XTERM[usize::from(i)]))
        .unwrap_or(7);
    ansi(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_colour_comes_to_the_nearest_of_the_16() {
        assert_eq!(nearest_of_16(Rgb(250, 10, 10)), LightRed);
        assert_eq!(nearest_of_16(Rgb(10, 190, 20)), Green);
        assert_eq!(nearest_of_16(Rgb(22, 52, 34)), Black);
        assert_eq!(nearest_of_16(Indexed(4)), Blue);
        assert_eq!(nearest_of_16(Indexed(196)), LightRed);
        assert_eq!(nearest_of_16(Indexed(231)), White);
        assert_eq!(nearest_of_16(Indexed(255)), Gray);
        assert_eq!(nearest_of_16(Reset), Reset);
        for n in 0..=255u8 {
            assert!(is_one_of_16(nearest_of_16(Indexed(n))));
        }
    }
}

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
pub fn sgr(code: u32) -> Option<Color> {
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
pub fn indexed(n: u8) -> Color {
    Indexed(n)
}

/// `38;2;r;g;b`: a colour given by its components.
pub fn rgb(r: u8, g: u8, b: u8) -> Color {
    Rgb(r, g, b)
}

//! A short code (the device sign-in's one-time code) in large letters: a 3×5 pixel font drawn
//! with half blocks, three rows high, so it can be read across a room or off a phone's photo of
//! the screen. Only `A–Z`, `0–9` and `-` have glyphs; anything else (or a long text) gets `None`
//! and is shown plain. The plain text is always shown too, for copying.

/// Each glyph's five rows of three pixels (`#` on).
fn glyph(c: char) -> Option<[&'static str; 5]> {
    Some(match c {
        'A' => [".#.", "#.#", "###", "#.#", "#.#"],
        'B' => ["##.", "#.#", "##.", "#.#", "##."],
        'C' => [".##", "#..", "#..", "#..", ".##"],
        'D' => ["##.", "#.#", "#.#", "#.#", "##."],
        'E' => ["###", "#..", "##.", "#..", "###"],
        'F' => ["###", "#..", "##.", "#..", "#.."],
        'G' => [".##", "#..", "#.#", "#.#", ".##"],
        'H' => ["#.#", "#.#", "###", "#.#", "#.#"],
        'I' => ["###", ".#.", ".#.", ".#.", "###"],
        'J' => ["..#", "..#", "..#", "#.#", ".#."],
        'K' => ["#.#", "#.#", "##.", "#.#", "#.#"],
        'L' => ["#..", "#..", "#..", "#..", "###"],
        'M' => ["#.#", "###", "###", "#.#", "#.#"],
        'N' => ["##.", "#.#", "#.#", "#.#", "#.#"],
        'O' => [".#.", "#.#", "#.#", "#.#", ".#."],
        'P' => ["##.", "#.#", "##.", "#..", "#.."],
        'Q' => [".#.", "#.#", "#.#", "###", ".##"],
        'R' => ["##.", "#.#", "##.", "#.#", "#.#"],
        'S' => [".##", "#..", ".#.", "..#", "##."],
        'T' => ["###", ".#.", ".#.", ".#.", ".#."],
        'U' => ["#.#", "#.#", "#.#", "#.#", "###"],
        'V' => ["#.#", "#.#", "#.#", ".#.", ".#."],
        'W' => ["#.#", "#.#", "###", "###", "#.#"],
        'X' => ["#.#", "#.#", ".#.", "#.#", "#.#"],
        'Y' => ["#.#", "#.#", ".#.", ".#.", ".#."],
        'Z' => ["###", "..#", ".#.", "#..", "###"],
        '0' => ["###", "#.#", "#.#", "#.#", "###"],
        '1' => [".#.", "##.", ".#.", ".#.", "###"],
        '2' => ["##.", "..#", ".#.", "#..", "###"],
        '3' => ["##.", "..#", ".#.", "..#", "##."],
        '4' => ["#.#", "#.#", "###", "..#", "..#"],
        '5' => ["###", "#..", "##.", "..#", "##."],
        '6' => [".##", "#..", "###", "#.#", "###"],
        '7' => ["###", "..#", ".#.", "#..", "#.."],
        '8' => ["###", "#.#", "###", "#.#", "###"],
        '9' => ["###", "#.#", "###", "..#", "##."],
        '-' => ["...", "...", "###", "...", "..."],
        _ => return None,
    })
}

/// The longest code drawn large (4 columns a character).
pub(crate) const MAX_CHARS: usize = 16;

/// `code` as three rows of half blocks, or `None` when it cannot be drawn large.
pub(crate) fn big_rows(code: &str) -> Option<[String; 3]> {
    let chars: Vec<char> = code.chars().map(|c| c.to_ascii_uppercase()).collect();
    if chars.is_empty() || chars.len() > MAX_CHARS {
        return None;
    }
    let glyphs: Vec<[&str; 5]> = chars.iter().map(|c| glyph(*c)).collect::<Option<_>>()?;
    let on = |g: &[&str; 5], row: usize, col: usize| {
        row < 5 && g[row].as_bytes().get(col) == Some(&b'#')
    };
    let mut rows: [String; 3] = Default::default();
    for (text_row, out) in rows.iter_mut().enumerate() {
        for (i, g) in glyphs.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            for col in 0..3 {
                let (top, bottom) = (on(g, text_row * 2, col), on(g, text_row * 2 + 1, col));
                out.push(match (top, bottom) {
                    (true, true) => '█',
                    (true, false) => '▀',
                    (false, true) => '▄',
                    (false, false) => ' ',
                });
            }
        }
    }
    Some(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_three_rows_of_half_blocks_and_odd_text_is_refused() {
        let rows = big_rows("A-1").unwrap();
        assert_eq!(rows[0], "▄▀▄     ▄█ ");
        assert_eq!(rows[1], "█▀█ ▀▀▀  █ ");
        assert_eq!(rows[2], "▀ ▀     ▀▀▀");
        assert_eq!(big_rows("ab").unwrap()[0].chars().count(), 7);
        assert_eq!(big_rows("AB\u{1b}[2J"), None);
        assert_eq!(big_rows(""), None);
        assert_eq!(big_rows(&"A".repeat(17)), None);
    }
}

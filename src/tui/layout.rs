//! Where each pane sits. One function computes it for both drawing and mouse hit-testing, so a
//! click lands on what is drawn there.

use ratatui::layout::{Constraint, Layout, Rect};

/// Below this the layout would not fit; the screen shows a one-line message instead.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 22;
pub const SIDEBAR_WIDTH: u16 = 32;
/// Below this width the sidebar would leave the canvas under two thirds of the screen, so it
/// folds to a one-line summary unless the user asks for it (`b`).
pub const SIDEBAR_FOLD_WIDTH: u16 = 100;
/// Below this height the sidebar folds as well: the bordered canvas beside it would have under
/// 21 rows, too few for the default 25x20 maze in half blocks (41 pixel rows), which the
/// folded layout draws (a 100x24 terminal drew it in braille beside the sidebar, coarser than
/// at 80x24), and the sidebar's boxes would be cut to their smallest forms.
pub const SIDEBAR_FOLD_HEIGHT: u16 = 25;
/// Rows of the maze facts box, borders included, when there is room for all of them.
pub const FACTS_HEIGHT: u16 = 16;
/// The facts box never gets fewer rows: up to the gauge, the cell count and the pace.
const FACTS_MIN_HEIGHT: u16 = 11;
/// Rows of the solver table, borders included: a header and one row per solver.
pub const SOLVERS_HEIGHT: u16 = 2 + 1 + mazegen::Solver::ALL.len() as u16;
/// The solver table's smallest form: the header and the current solver.
const SOLVERS_MIN_HEIGHT: u16 = 4;
/// The theme list's smallest form: one theme and the border.
const THEMES_MIN_HEIGHT: u16 = 3;
/// The theme list gets three rows before the facts get their last ones.
const THEMES_COMFORT_HEIGHT: u16 = 5;
/// Rows of the legend box, borders included; shown when there is room.
pub const LEGEND_HEIGHT: u16 = 5;
/// The status line and the key line.
pub const FOOTER_HEIGHT: u16 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panes {
    /// The canvas pane, border included.
    pub canvas_pane: Rect,
    /// Where the maze is drawn, inside the border.
    pub canvas: Rect,
    pub facts: Rect,
    /// The solver table, border included.
    pub solvers: Rect,
    /// The theme list pane, border included.
    pub themes_pane: Rect,
    /// The theme names, one a row.
    pub themes: Rect,
    pub legend: Option<Rect>,
    /// The one-line summary that stands for the folded sidebar: the canvas pane's top row,
    /// which has no other border then.
    pub summary: Option<Rect>,
    pub status: Rect,
    pub keys: Rect,
}

impl Panes {
    /// The layout of a terminal of `area` for a list of `themes` themes, with the sidebar
    /// where the width has room for it, or `None` if it is too small for one.
    pub fn of(area: Rect, themes: usize) -> Option<Panes> {
        Panes::with_sidebar(
            area,
            themes,
            shows_sidebar((area.width, area.height), false),
        )
    }

    /// The layout with the sidebar (`sidebar`) or with its one-line summary instead.
    pub fn with_sidebar(area: Rect, themes: usize, sidebar: bool) -> Option<Panes> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let [main, status, keys] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(FOOTER_HEIGHT - 1),
        ])
        .areas(area);
        if !sidebar {
            // Every row counts here: the canvas pane keeps only its top border, which holds
            // the title and the summary, so 80x24 has room for the default maze in half
            // blocks (21 rows).
            let canvas = Rect::new(
                main.x,
                main.y + 1,
                main.width,
                main.height.saturating_sub(1),
            );
            // The sidebar's panes shrink to nothing at the right edge: drawing into them draws
            // nothing, and no click lands on them.
            let none = Rect::new(main.right(), main.y, 0, 0);
            return Some(Panes {
                canvas_pane: main,
                canvas,
                facts: none,
                solvers: none,
                themes_pane: none,
                themes: none,
                legend: None,
                summary: Some(Rect::new(main.x, main.y, main.width, 1)),
                status,
                keys,
            });
        }
        let [canvas_pane, sidebar] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(SIDEBAR_WIDTH)])
                .areas(main);
        // Every pane gets its smallest form; spare rows go to three rows of the theme list
        // (the list is how themes are picked: one row of it says little), then the solver
        // table, then the facts, then the rest of the list. The legend is a nicety: it only
        // shows if the whole theme list still fits.
        let mut spare = sidebar
            .height
            .saturating_sub(FACTS_MIN_HEIGHT + SOLVERS_MIN_HEIGHT + THEMES_MIN_HEIGHT);
        let mut grow = |height: u16, full: u16| {
            let extra = full.saturating_sub(height).min(spare);
            spare -= extra;
            height + extra
        };
        grow(THEMES_MIN_HEIGHT, THEMES_COMFORT_HEIGHT);
        let solvers_height = grow(SOLVERS_MIN_HEIGHT, SOLVERS_HEIGHT);
        let facts_height = grow(FACTS_MIN_HEIGHT, FACTS_HEIGHT);
        let list_height = u16::try_from(themes)
            .unwrap_or(u16::MAX)
            .saturating_add(2)
            .max(5);
        let with_legend =
            sidebar.height >= FACTS_HEIGHT + SOLVERS_HEIGHT + LEGEND_HEIGHT + list_height;
        let legend_height = if with_legend { LEGEND_HEIGHT } else { 0 };
        let [facts, solvers, themes_pane, legend] = Layout::vertical([
            Constraint::Length(facts_height),
            Constraint::Length(solvers_height),
            Constraint::Fill(1),
            Constraint::Length(legend_height),
        ])
        .areas(sidebar);
        Some(Panes {
            canvas_pane,
            canvas: inside_border(canvas_pane),
            facts,
            solvers,
            themes_pane,
            themes: inside_border(themes_pane),
            legend: with_legend.then_some(legend),
            summary: None,
            status,
            keys,
        })
    }

    /// The canvas's size in terminal cells.
    pub fn canvas_size(&self) -> (u16, u16) {
        (self.canvas.width, self.canvas.height)
    }
}

/// Whether a terminal of `size` (columns, rows) shows the sidebar: it does from
/// [`SIDEBAR_FOLD_WIDTH`] columns and [`SIDEBAR_FOLD_HEIGHT`] rows on, unless the user
/// `flipped` that with `b`.
pub fn shows_sidebar((width, height): (u16, u16), flipped: bool) -> bool {
    (width >= SIDEBAR_FOLD_WIDTH && height >= SIDEBAR_FOLD_HEIGHT) != flipped
}

fn inside_border(area: Rect) -> Rect {
    Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    )
}

/// The first theme row shown when the list has `rows` rows and the cursor is on `cursor`: the
/// list scrolls just enough to keep the cursor visible.
pub fn theme_scroll(cursor: usize, rows: u16) -> usize {
    cursor.saturating_sub(usize::from(rows.max(1)) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_terminals_get_no_layout() {
        assert!(Panes::of(Rect::new(0, 0, MIN_WIDTH - 1, 40), 7).is_none());
        assert!(Panes::of(Rect::new(0, 0, 100, MIN_HEIGHT - 1), 7).is_none());
        assert!(Panes::of(Rect::new(0, 0, 0, 0), 7).is_none());
        assert!(Panes::of(Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT), 7).is_some());
    }

    #[test]
    fn panes_tile_the_screen_without_overlapping() {
        let sizes = [(MIN_WIDTH, MIN_HEIGHT), (80, 24), (200, 60), (300, 100)];
        for ((width, height), sidebar) in sizes.into_iter().flat_map(|s| [(s, true), (s, false)]) {
            let area = Rect::new(0, 0, width, height);
            let screen = Panes::with_sidebar(area, 7, sidebar).unwrap();
            let mut panes = vec![
                screen.canvas_pane,
                screen.facts,
                screen.solvers,
                screen.themes_pane,
                screen.status,
                screen.keys,
            ];
            panes.extend(screen.legend);
            let covered: u32 = panes.iter().map(|r| r.area()).sum();
            assert_eq!(covered, area.area(), "{width}x{height}");
            // A folded sidebar's panes are empty, and lie nowhere.
            panes.retain(|pane| !pane.is_empty());
            for (i, a) in panes.iter().enumerate() {
                assert!(area.contains(a.as_position()));
                for b in &panes[i + 1..] {
                    assert!(!a.intersects(*b), "{a:?} overlaps {b:?}");
                }
            }
            if let Some(summary) = screen.summary {
                assert!(!sidebar);
                assert_eq!(summary, screen.canvas_pane.rows().next().unwrap());
                assert_eq!(screen.canvas.width, width);
                assert_eq!(screen.canvas.height, height - FOOTER_HEIGHT - 1);
                continue;
            }
            assert!(screen.summary.is_none());
            assert!(screen.themes.height >= 1, "{width}x{height}");
            assert!(screen.facts.height >= FACTS_MIN_HEIGHT, "{width}x{height}");
            assert!(
                screen.solvers.height >= SOLVERS_MIN_HEIGHT,
                "{width}x{height}"
            );
            assert!(screen.canvas.width >= MIN_WIDTH - SIDEBAR_WIDTH - 2);
        }
    }

    #[test]
    fn the_sidebar_folds_below_its_width_unless_flipped() {
        assert!(!shows_sidebar((80, 45), false));
        assert!(shows_sidebar((80, 45), true));
        assert!(shows_sidebar((SIDEBAR_FOLD_WIDTH, 45), false));
        assert!(!shows_sidebar((SIDEBAR_FOLD_WIDTH, 45), true));
        assert!(!shows_sidebar((140, SIDEBAR_FOLD_HEIGHT - 1), false));
        assert!(shows_sidebar((140, SIDEBAR_FOLD_HEIGHT - 1), true));
        assert!(shows_sidebar((140, SIDEBAR_FOLD_HEIGHT), false));
        assert!(
            Panes::of(Rect::new(0, 0, 80, 24), 7)
                .unwrap()
                .summary
                .is_some()
        );
        assert!(
            Panes::of(Rect::new(0, 0, 140, 45), 7)
                .unwrap()
                .summary
                .is_none()
        );
    }

    #[test]
    fn the_legend_only_shows_when_there_is_room() {
        let legend = |height, themes| {
            let area = Rect::new(0, 0, 80, height);
            Panes::with_sidebar(area, themes, true).unwrap().legend
        };
        assert!(legend(24, 7).is_none());
        assert!(legend(50, 7).is_some());
        // 16 rows of facts, 9 of solvers, 5 of legend, 2 of footer, the list with its border.
        assert!(legend(41, 7).is_some());
        assert!(legend(40, 7).is_none());
        assert!(legend(50, 30).is_none());
    }

    #[test]
    fn spare_rows_go_to_three_themes_then_the_solvers_then_the_facts() {
        let screen = |height| Panes::with_sidebar(Rect::new(0, 0, 80, height), 7, true).unwrap();
        let tight = screen(MIN_HEIGHT);
        assert_eq!(tight.facts.height, FACTS_MIN_HEIGHT);
        assert_eq!(tight.solvers.height, SOLVERS_MIN_HEIGHT);
        assert_eq!(tight.themes.height, 3);
        let short = screen(24);
        assert_eq!(short.themes.height, 3);
        assert!(short.solvers.height > SOLVERS_MIN_HEIGHT);
        assert_eq!(short.facts.height, FACTS_MIN_HEIGHT);
        let medium = screen(30);
        assert_eq!(medium.solvers.height, SOLVERS_HEIGHT);
        assert_eq!(medium.themes.height, 3);
        let roomy = screen(40);
        assert_eq!(roomy.facts.height, FACTS_HEIGHT);
        assert_eq!(roomy.solvers.height, SOLVERS_HEIGHT);
        assert_eq!(
            roomy.themes_pane.height,
            40 - 2 - FACTS_HEIGHT - SOLVERS_HEIGHT
        );
    }

    #[test]
    fn the_theme_list_scrolls_to_keep_the_cursor_visible() {
        assert_eq!(theme_scroll(0, 5), 0);
        assert_eq!(theme_scroll(4, 5), 0);
        assert_eq!(theme_scroll(5, 5), 1);
        assert_eq!(theme_scroll(9, 3), 7);
        assert_eq!(theme_scroll(3, 0), 3);
    }
}

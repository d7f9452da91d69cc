//! Where a race's lanes go. Boxed: each lane in a bordered pane titled on its border, the
//! summary table under them once the race is over. Beside: each lane bare, its maze on the
//! left and a column of its own on the right (its name, steps and phase, and once over its
//! numbers, so no table takes rows under them), the line of winners under them. The lanes go
//! beside where that draws their mazes finer than boxed (a 25x20 maze in a quarter of 140x45:
//! half blocks instead of braille), else boxed.

use ratatui::layout::{Constraint, Layout, Rect};

use crate::tui::view::largest::{self, Drawn};

/// Columns of a lane's own column when the lanes go beside: ` dead ends  0.04 ms ★`, the
/// longest of its lines, and the longest algorithm name (`growing-tree-newest`).
pub const SIDE_WIDTH: u16 = 19;

/// Rows of the summary: its border, its header and a row a lane.
pub fn summary_height(lanes: usize) -> u16 {
    3 + lanes as u16
}

/// The race's screen cut up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lanes {
    /// Each lane's area, in lane order: its pane, or its maze and its column.
    pub lanes: Vec<Rect>,
    /// Whether the lanes go beside their columns, bare (else boxed).
    pub beside: bool,
    /// Under the lanes: the summary (boxed) or the line of winners (beside), once over.
    pub below: Rect,
    pub status: Rect,
    pub keys: Rect,
}

impl Lanes {
    /// Where lane `index` draws its maze.
    pub fn maze(&self, index: usize) -> Rect {
        maze_area(self.lanes[index], self.beside)
    }

    /// Lane `index`'s own column, when the lanes go beside.
    pub fn side(&self, index: usize) -> Rect {
        let lane = self.lanes[index];
        let width = SIDE_WIDTH.min(lane.width);
        Rect::new(lane.right() - width, lane.y, width, lane.height)
    }
}

fn maze_area(lane: Rect, beside: bool) -> Rect {
    if beside {
        Rect::new(
            lane.x,
            lane.y,
            lane.width.saturating_sub(SIDE_WIDTH),
            lane.height,
        )
    } else {
        // Inside the pane's border.
        Rect::new(
            lane.x + 1,
            lane.y + 1,
            lane.width.saturating_sub(2),
            lane.height.saturating_sub(2),
        )
    }
}

/// The race's screen in `area` (the whole terminal) for `lanes` lanes of mazes of
/// `maze_blocks`, `over` or not: side by side for two or three, two by two for four.
pub fn lay_out(area: Rect, lanes: usize, over: bool, maze_blocks: (u32, u32)) -> Lanes {
    let [main, status, keys] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let cut = |below: u16, beside: bool| {
        let [panes, below] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(below)]).areas(main);
        Lanes {
            lanes: grid(panes, lanes),
            beside,
            below,
            status,
            keys,
        }
    };
    let boxed = cut(if over { summary_height(lanes) } else { 0 }, false);
    let beside = cut(u16::from(over), true);
    // The coarsest drawing of any lane (they differ by a column or a row at most).
    let worst = |layout: &Lanes| {
        (0..lanes)
            .map(|i| fineness(largest::drawn(maze_blocks, layout.maze(i))))
            .min()
            .unwrap_or(0)
    };
    if worst(&beside) > worst(&boxed) {
        beside
    } else {
        boxed
    }
}

/// How fine a drawing is, finest highest.
fn fineness(drawn: Drawn) -> u8 {
    match drawn {
        Drawn::Cells => 3,
        Drawn::HalfBlocks(_) => 2,
        Drawn::Braille(_) => 1,
        Drawn::Gathered => 0,
    }
}

/// The lanes' areas in `panes`: side by side for two or three, two by two for four.
fn grid(panes: Rect, lanes: usize) -> Vec<Rect> {
    let columns = |area: Rect, count: usize| -> Vec<Rect> {
        Layout::horizontal(vec![Constraint::Fill(1); count])
            .split(area)
            .to_vec()
    };
    if lanes == 4 {
        let [top, bottom] =
            Layout::vertical([Constraint::Fill(1), Constraint::Fill(1)]).areas(panes);
        let mut all = columns(top, 2);
        all.extend(columns(bottom, 2));
        all
    } else {
        columns(panes, lanes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::viewport::blocks;

    /// At 140x45 four lanes of the default 25x20 maze (51x41 blocks) go beside their columns:
    /// 70 columns a lane less 19 leaves 51, and 43 rows for two lanes leave 21 each, 42
    /// pixel rows of half blocks; boxed, 19 rows inside a border hold only 38.
    #[test]
    fn four_default_lanes_at_140x45_go_beside_in_half_blocks() {
        let area = Rect::new(0, 0, 140, 45);
        for over in [false, true] {
            let lanes = lay_out(area, 4, over, blocks(25, 20));
            assert!(lanes.beside, "over: {over}");
            for i in 0..4 {
                let drawn = largest::drawn(blocks(25, 20), lanes.maze(i));
                assert!(matches!(drawn, Drawn::HalfBlocks(_)), "{i}: {drawn:?}");
            }
        }
    }

    /// Where going beside gains nothing, the lanes stay boxed: at 80x24, and two lanes at
    /// 140x45 (half blocks either way).
    #[test]
    fn lanes_stay_boxed_where_beside_draws_no_finer() {
        let maze = blocks(25, 20);
        assert!(!lay_out(Rect::new(0, 0, 80, 24), 4, false, maze).beside);
        assert!(!lay_out(Rect::new(0, 0, 80, 24), 4, true, maze).beside);
        assert!(!lay_out(Rect::new(0, 0, 140, 45), 2, true, maze).beside);
    }
}

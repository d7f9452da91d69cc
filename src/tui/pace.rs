//! How fast the animation runs: how many steps each frame may take, and how many it really
//! takes per second.
//!
//! The pace is set in steps per second, not steps per frame, so a slow frame is made up by a
//! bigger next one and a maze of any size takes about the same time: the phase's estimated
//! step count over its target duration, doubled or halved per speed level.
//!
//! Whatever the pace asks, a frame never takes more than a *slice* of steps: as many as this
//! machine takes in about [`SLICE`], learned from how long the steps of each frame really took
//! (the run loop measures it, see [`Pace::learn`]). That keeps the dashboard answering keys at
//! any maze size and speed, and it is also how a big maze is finished: a slice a frame, as
//! fast as the frames come.

use std::time::Duration;

/// How long carving takes at speed 0, whatever the maze's size.
pub const CARVING_SECONDS: f64 = 4.0;
/// How long the search takes at speed 0.
pub const SOLVING_SECONDS: f64 = 1.5;
/// Speed levels: each one doubles (or halves) the pace.
pub const MAX_SPEED: i32 = 6;
pub const MIN_SPEED: i32 = -6;
/// A longer frame counts as this long, so a maze too big to carve on time slows the
/// animation down instead of starving the event loop with ever bigger frames.
const LONGEST_FRAME: Duration = Duration::from_millis(100);
/// Time constant of the steps-per-second average shown in the sidebar.
const METER_SECONDS: f64 = 0.5;
/// How long a frame's steps should take at most.
pub const SLICE: Duration = Duration::from_millis(25);
/// The slice before any frame was measured: a few milliseconds of carving in a release build.
const FIRST_SLICE: u64 = 50_000;
const SMALLEST_SLICE: u64 = 1_000;

#[derive(Clone, Debug, PartialEq)]
pub struct Pace {
    speed: i32,
    paused: bool,
    /// The fraction of a step owed from earlier frames, so slow speeds still move.
    owed: f64,
    steps_per_second: f64,
    /// The most steps a frame may take (see the module docs).
    slice: u64,
    /// The steps of the last frame, and whether they were a whole slice.
    last: (u64, bool),
}

impl Default for Pace {
    fn default() -> Pace {
        Pace {
            speed: 0,
            paused: false,
            owed: 0.0,
            steps_per_second: 0.0,
            slice: FIRST_SLICE,
            last: (0, false),
        }
    }
}

impl Pace {
    /// The steps this frame may take, for a phase of about `estimated_steps` meant to last
    /// `seconds` at speed 0.
    pub fn budget(&mut self, frame: Duration, estimated_steps: u64, seconds: f64) -> u64 {
        if self.paused {
            return 0;
        }
        let frame = frame.min(LONGEST_FRAME).as_secs_f64();
        let per_second = estimated_steps as f64 / seconds * 2f64.powi(self.speed);
        self.owed += per_second * frame;
        let budget = self.owed.floor();
        self.owed -= budget;
        if budget as u64 > self.slice {
            // What the slice leaves out is not owed: the animation slows down instead.
            return self.slice;
        }
        budget as u64
    }

    /// The most steps a frame may take: what finishing a maze takes each frame.
    pub fn slice(&self) -> u64 {
        self.slice
    }

    /// Records that `steps` were taken in a frame of length `frame`.
    pub fn record(&mut self, steps: u64, frame: Duration) {
        self.last = (steps, steps >= self.slice);
        let seconds = frame.as_secs_f64();
        if seconds <= 0.0 {
            return;
        }
        let weight = 1.0 - (-seconds / METER_SECONDS).exp();
        self.steps_per_second += weight * (steps as f64 / seconds - self.steps_per_second);
    }

    /// Learns that the last frame's steps took `work`: the slice becomes what fits in
    /// [`SLICE`] at that rate, at most twice the last one. Only a whole slice tells how many
    /// would fit; fewer steps can only tell that the slice is too big.
    pub fn learn(&mut self, work: Duration) {
        let (steps, whole) = self.last;
        if steps == 0 || work.is_zero() || !(whole || work > SLICE) {
            return;
        }
        let fitting = (steps as f64 * SLICE.as_secs_f64() / work.as_secs_f64()) as u64;
        let most = if whole {
            self.slice.saturating_mul(2)
        } else {
            self.slice
        };
        self.slice = fitting.clamp(SMALLEST_SLICE, most.max(SMALLEST_SLICE));
    }

    /// Starts a new phase: nothing owed, nothing measured. The slice is kept, but the frame
    /// that changed phases teaches nothing about it: the hand-over (starting or ending a
    /// search) is work of its own.
    pub fn restart(&mut self) {
        self.owed = 0.0;
        self.steps_per_second = 0.0;
        self.last = (0, false);
    }

    /// Starts steps of a new kind (see [`mazegen::session::Session::step_kind`]), as [`Pace::restart`],
    /// and with a slice no bigger than the first: one sized for cheap steps (listing a cell)
    /// would take many times the slice's time on dearer ones (opening a dead end). It grows
    /// back, doubling a frame, as the new steps are timed.
    pub fn new_kind_of_step(&mut self) {
        self.restart();
        self.slice = self.slice.min(FIRST_SLICE);
    }

    pub fn steps_per_second(&self) -> f64 {
        self.steps_per_second
    }

    pub fn speed(&self) -> i32 {
        self.speed
    }

    /// Doubles the pace; returns false at the top speed.
    pub fn faster(&mut self) -> bool {
        let changed = self.speed < MAX_SPEED;
        self.speed = (self.speed + 1).min(MAX_SPEED);
        changed
    }

    /// Halves the pace; returns false at the bottom speed.
    pub fn slower(&mut self) -> bool {
        let changed = self.speed > MIN_SPEED;
        self.speed = (self.speed - 1).max(MIN_SPEED);
        changed
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Resumes the animation if it is paused.
    pub fn resume(&mut self) {
        if self.paused {
            self.toggle_pause();
        }
    }

    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.owed = 0.0;
    }

    /// The speed as a multiplier: "×1", "×8", "×1/4".
    pub fn multiplier(&self) -> String {
        if self.speed >= 0 {
            format!("×{}", 1u32 << self.speed)
        } else {
            format!("×1/{}", 1u32 << -self.speed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAME: Duration = Duration::from_micros(16_667);

    fn frames_to_finish(pace: &mut Pace, steps: u64, frame: Duration) -> u64 {
        let (mut done, mut frames) = (0, 0);
        while done < steps {
            let taken = pace.budget(frame, steps, CARVING_SECONDS);
            pace.record(taken, frame);
            pace.learn(Duration::from_millis(1));
            done += taken;
            frames += 1;
        }
        frames
    }

    #[test]
    fn any_size_takes_the_target_time_at_60_fps() {
        for steps in [50, 800, 2_000_000, 200_000_000] {
            let frames = frames_to_finish(&mut Pace::default(), steps, FRAME);
            let seconds = frames as f64 * FRAME.as_secs_f64();
            assert!(
                (3.9..=4.1).contains(&seconds),
                "{steps} steps took {seconds} s"
            );
        }
    }

    #[test]
    fn slow_frames_take_bigger_budgets_up_to_a_limit() {
        let mut smooth = Pace::default();
        let mut slow = Pace::default();
        let per_frame = smooth.budget(FRAME, 1_000_000, 4.0);
        let per_slow_frame = slow.budget(FRAME * 3, 1_000_000, 4.0);
        assert!(per_slow_frame.abs_diff(per_frame * 3) <= 3);
        let capped = slow.budget(Duration::from_secs(5), 1_000_000, 4.0);
        assert_eq!(capped, 25_000);
    }

    #[test]
    fn each_speed_level_doubles_or_halves_the_pace() {
        let mut pace = Pace::default();
        let base = frames_to_finish(&mut pace.clone(), 10_000, FRAME);
        assert!(pace.faster());
        let fast = frames_to_finish(&mut pace.clone(), 10_000, FRAME);
        assert!(fast.abs_diff(base / 2) <= 1, "{fast} vs {base}");
        assert!(pace.slower() && pace.slower());
        let slow = frames_to_finish(&mut pace.clone(), 10_000, FRAME);
        assert!(slow.abs_diff(base * 2) <= 1, "{slow} vs {base}");
        assert_eq!(pace.multiplier(), "×1/2");
    }

    #[test]
    fn speed_stops_at_its_limits() {
        let mut pace = Pace::default();
        for _ in 0..MAX_SPEED {
            assert!(pace.faster());
        }
        assert!(!pace.faster());
        assert_eq!(pace.multiplier(), "×64");
        for _ in 0..MAX_SPEED - MIN_SPEED {
            assert!(pace.slower());
        }
        assert!(!pace.slower());
        assert_eq!(pace.speed(), MIN_SPEED);
    }

    #[test]
    fn slow_speeds_still_move_a_small_maze() {
        let mut pace = Pace::default();
        while pace.slower() {}
        let steps: u64 = (0..600).map(|_| pace.budget(FRAME, 40, 4.0)).sum();
        assert!(steps > 0);
    }

    #[test]
    fn paused_takes_no_steps() {
        let mut pace = Pace::default();
        pace.toggle_pause();
        assert!(pace.is_paused());
        assert_eq!(pace.budget(FRAME, 1_000_000, 4.0), 0);
        pace.toggle_pause();
        assert!(pace.budget(FRAME, 1_000_000, 4.0) > 0);
    }

    #[test]
    fn the_meter_converges_on_the_real_rate() {
        let mut pace = Pace::default();
        for _ in 0..300 {
            pace.record(1000, FRAME);
        }
        let rate = pace.steps_per_second();
        assert!((rate - 60_000.0).abs() < 100.0, "{rate}");
        pace.record(5, Duration::ZERO);
        assert_eq!(pace.steps_per_second(), rate);
        pace.restart();
        assert_eq!(pace.steps_per_second(), 0.0);
    }

    #[test]
    fn a_new_kind_of_step_starts_from_a_small_slice_and_forgets_the_last_frame() {
        let mut pace = Pace::default();
        for _ in 0..10 {
            pace.record(pace.slice(), FRAME);
            pace.learn(Duration::from_millis(1));
        }
        assert!(pace.slice() > FIRST_SLICE * 100);
        pace.record(pace.slice(), FRAME);
        pace.new_kind_of_step();
        assert_eq!(pace.slice(), FIRST_SLICE);
        pace.learn(Duration::from_millis(1));
        assert_eq!(
            pace.slice(),
            FIRST_SLICE,
            "the last frame's steps were of the old kind"
        );
    }

    #[test]
    fn a_frame_never_takes_more_than_a_slice() {
        let mut pace = Pace::default();
        for _ in 0..MAX_SPEED {
            pace.faster();
        }
        let budget = pace.budget(FRAME, 4_000_000_000, CARVING_SECONDS);
        assert_eq!(budget, FIRST_SLICE);
        assert!(pace.owed < 1.0, "the rest is not owed");
    }

    #[test]
    fn the_slice_is_what_fits_in_a_slice_of_time_growing_at_most_twofold() {
        let mut pace = Pace::default();
        // A whole slice of 50k steps took 100 ms: 25 ms is 12.5k steps.
        pace.record(FIRST_SLICE, FRAME);
        pace.learn(Duration::from_millis(100));
        assert_eq!(pace.slice(), 12_500);
        // A whole slice in 1 ms: 25 times as many would fit, but it only doubles.
        pace.record(12_500, FRAME);
        pace.learn(Duration::from_millis(1));
        assert_eq!(pace.slice(), 25_000);
        // Fewer steps than a slice, quickly: that says nothing.
        pace.record(10, FRAME);
        pace.learn(Duration::from_millis(1));
        assert_eq!(pace.slice(), 25_000);
        // Fewer steps, slowly: the slice shrinks, never below the smallest.
        pace.record(1, FRAME);
        pace.learn(Duration::from_secs(2));
        assert_eq!(pace.slice(), SMALLEST_SLICE);
        // A restart (a new phase) keeps what was learned, and the frame of the hand-over
        // teaches nothing.
        pace.restart();
        assert_eq!(pace.slice(), SMALLEST_SLICE);
        pace.record(SMALLEST_SLICE, FRAME);
        pace.restart();
        pace.learn(Duration::from_secs(3));
        assert_eq!(pace.slice(), SMALLEST_SLICE);
    }
}

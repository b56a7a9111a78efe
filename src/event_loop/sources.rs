//! What a task is selected by: the HTML task sources, the bands of the selection policy, and
//! scheduler priorities with their effective priorities.
//!
//! Invariant: `HostSource::ALL[s.index()] == s` for every source; a queue's band follows from its
//! effective priority alone (`Band::of_effective_priority`), and a host task's from its source
//! alone (`Band::of_source`).

/// HTML task sources. All but the user interaction task source live in the normal band (band 2)
/// next to user-visible scheduler tasks; user interaction tasks have a band of their own, above
/// every other (`Band::Input`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HostSource {
    /// The timer task source (setTimeout/setInterval, AbortSignal.timeout).
    Timer,
    /// The posted message task source (MessagePort).
    PostedMessage,
    /// The idle-task source when an idle callback's `timeout` fires.
    IdleTimeout,
    /// The DOM manipulation task source (e.g. "notify about rejected promises").
    DomManipulation,
    /// The file reading task source (reading a Blob's bytes).
    FileReading,
    /// Any other host task source (e.g. resolving host promises, module loading).
    Other,
    /// The rendering task source: the task that updates the rendering at a rendering
    /// opportunity (HTML event loop processing model, since the rendering update became a task).
    Rendering,
    /// The user interaction task source: trusted input events (clicks, key presses).
    UserInteraction,
}

impl HostSource {
    /// How many host task sources there are.
    pub const COUNT: usize = 8;

    /// Every host task source, by [`Self::index`].
    pub const ALL: [HostSource; Self::COUNT] = [
        HostSource::Timer,
        HostSource::PostedMessage,
        HostSource::IdleTimeout,
        HostSource::DomManipulation,
        HostSource::FileReading,
        HostSource::Other,
        HostSource::Rendering,
        HostSource::UserInteraction,
    ];

    /// The source's place in [`Self::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            HostSource::Timer => 0,
            HostSource::PostedMessage => 1,
            HostSource::IdleTimeout => 2,
            HostSource::DomManipulation => 3,
            HostSource::FileReading => 4,
            HostSource::Other => 5,
            HostSource::Rendering => 6,
            HostSource::UserInteraction => 7,
        }
    }
}

/// The band a task was selected from, highest first (see `docs/EVENT_LOOP.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Band {
    /// User interaction tasks (trusted input), first in, first out.
    Input = 0,
    /// Scheduler queues with effective priority 5, 4, 3.
    High = 1,
    /// Host task sources and scheduler queues with effective priority 2, oldest first.
    Normal = 2,
    /// Scheduler queues with effective priority 1, 0.
    Low = 3,
    /// Idle callbacks.
    Idle = 4,
}

impl Band {
    /// The band of a host task of `source`: `Input` for user interaction, `Normal` for the rest.
    #[must_use]
    pub const fn of_source(source: HostSource) -> Band {
        match source {
            HostSource::UserInteraction => Band::Input,
            _ => Band::Normal,
        }
    }

    /// The band of a scheduler queue of effective priority `effective` (0…5; above 5 is High).
    #[must_use]
    pub const fn of_effective_priority(effective: u8) -> Band {
        match effective {
            0 | 1 => Band::Low,
            2 => Band::Normal,
            _ => Band::High,
        }
    }
}

/// A scheduler task priority, as its rank: background = 0, user-visible = 1, user-blocking = 2.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Priority {
    /// "background" (rank 0).
    Background = 0,
    /// "user-visible" (rank 1), the default.
    UserVisible = 1,
    /// "user-blocking" (rank 2).
    UserBlocking = 2,
}

impl Priority {
    /// The rank: background = 0, user-visible = 1, user-blocking = 2.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self as u8
    }

    /// Effective priority of a queue of this priority: 2·rank + (is continuation ? 1 : 0).
    #[must_use]
    pub const fn effective(self, is_continuation: bool) -> u8 {
        2 * self.rank() + is_continuation as u8
    }
}

//! Generational slot arena: O(1) insert, lookup and removal by a `u64` key.
//!
//! Invariant: a key `(generation << 32) | index` names a live value iff slot `index` is occupied
//! and its generation equals `generation`. Freeing a slot bumps its generation, so every key handed
//! out for the slot's previous occupant is dead from then on: a stale key is detected, never
//! aliased (until one slot has been reused 2^32 times while the stale key is still held). Freed
//! slots are reused, so the arena's size is bounded by the peak number of live values and steady
//! churn allocates nothing. Index `u32::MAX` is never handed out, so [`NO_KEY`] is never live.
//!
//! A sparse arena gives memory back (as the loop's drained containers do, `super::drained`): while
//! at most a quarter of its slots are live and their storage takes more than `RELEASE_BYTES`, a
//! removal drops the free slots at the end of the arena, and the storage shrinks once it is four
//! times what is left. A value never moves (its key holds its index), so a live value keeps the
//! slots before it. Slots made again at dropped indexes start at a generation above every
//! generation any slot reached (`generation_floor`), so every key handed out for a dropped slot
//! stays dead. The free list is not searched when slots are dropped: an index popped from it is
//! used only if its slot exists and is free, and the list is rebuilt once stale entries are more
//! than twice the free slots. Each dropped slot, stale entry and shrink is paid for by the
//! insertions that made it, so every operation stays O(1), amortised. (Without this, a burst of
//! 10^6 tasks, or of 10^5 tasks with a TaskController each, would keep megabytes of empty slots
//! for the rest of the program.)

use super::drained::RELEASE_BYTES;

/// A key that no [`GenSlab`] ever hands out (slot index `u32::MAX` is never allocated).
pub(crate) const NO_KEY: u64 = u64::MAX;

/// See the module docs.
#[derive(Debug, Clone)]
pub(crate) struct GenSlab<T> {
    slots: Vec<Slot<T>>,
    free: Vec<u32>,
    len: usize,
    /// The generation a new slot starts at: above every generation of the slots dropped so far
    /// (0 until then).
    generation_floor: u32,
    /// The highest generation any slot has reached.
    max_generation: u32,
}

#[derive(Debug, Clone)]
struct Slot<T> {
    generation: u32,
    value: Option<T>,
}

impl<T> Default for GenSlab<T> {
    fn default() -> Self {
        Self {
            slots: Vec::new(),
            free: Vec::new(),
            len: 0,
            generation_floor: 0,
            max_generation: 0,
        }
    }
}

fn pack(generation: u32, index: u32) -> u64 {
    (u64::from(generation) << 32) | u64::from(index)
}

fn unpack(key: u64) -> (u32, usize) {
    ((key >> 32) as u32, (key & 0xFFFF_FFFF) as usize)
}

impl<T> GenSlab<T> {
    /// Number of live values.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Store `value`; returns its key.
    ///
    /// # Panics
    /// Only on capacity exhaustion (more than `u32::MAX - 1` live values), like `Vec` growth.
    pub(crate) fn insert(&mut self, value: T) -> u64 {
        let index = match self.pop_free() {
            Some(index) => index,
            None => {
                let index = u32::try_from(self.slots.len())
                    .ok()
                    .filter(|&i| i != u32::MAX);
                let Some(index) = index else {
                    panic!("GenSlab capacity exhausted");
                };
                self.slots.push(Slot {
                    generation: self.generation_floor,
                    value: None,
                });
                index
            }
        };
        let slot = &mut self.slots[index as usize];
        slot.value = Some(value);
        self.len += 1;
        pack(slot.generation, index)
    }

    /// The live value of `key`, if any.
    pub(crate) fn get(&self, key: u64) -> Option<&T> {
        let (generation, index) = unpack(key);
        let slot = self.slots.get(index)?;
        if slot.generation != generation {
            return None;
        }
        slot.value.as_ref()
    }

    /// The live value of `key`, mutably, if any.
    pub(crate) fn get_mut(&mut self, key: u64) -> Option<&mut T> {
        let (generation, index) = unpack(key);
        let slot = self.slots.get_mut(index)?;
        if slot.generation != generation {
            return None;
        }
        slot.value.as_mut()
    }

    /// Whether `key` names a live value.
    pub(crate) fn contains(&self, key: u64) -> bool {
        self.get(key).is_some()
    }

    /// Take the value of `key` out (the key and every copy of it die); `None` if not live.
    pub(crate) fn remove(&mut self, key: u64) -> Option<T> {
        let (generation, index) = unpack(key);
        let slot = self.slots.get_mut(index)?;
        if slot.generation != generation {
            return None;
        }
        let value = slot.value.take()?;
        slot.generation = slot.generation.wrapping_add(1);
        self.max_generation = self.max_generation.max(slot.generation);
        self.free.push(index as u32);
        self.len -= 1;
        if self.len * 4 <= self.slots.len() {
            self.trim();
        }
        Some(value)
    }

    /// A free slot's index from the free list, skipping stale entries (slots dropped, or taken
    /// through a duplicate entry).
    #[inline]
    fn pop_free(&mut self) -> Option<u32> {
        while let Some(index) = self.free.pop() {
            if self
                .slots
                .get(index as usize)
                .is_some_and(|slot| slot.value.is_none())
            {
                return Some(index);
            }
        }
        None
    }

    /// Drop the free slots at the end of the arena, shrink its storage once it is four times
    /// what is left, and rebuild the free list once most of it is stale (see the module docs).
    #[cold]
    #[inline(never)]
    fn trim(&mut self) {
        if self.slots.capacity() * std::mem::size_of::<Slot<T>>() <= RELEASE_BYTES {
            return;
        }
        let before = self.slots.len();
        while self.slots.last().is_some_and(|slot| slot.value.is_none()) {
            self.slots.pop();
        }
        if self.slots.len() == before {
            return;
        }
        // Every key handed out for a slot has a generation below that slot's current one
        // (removal bumped it), and no slot's current generation is above `max_generation`: a
        // slot made again at a dropped index starts above every key it ever had.
        self.generation_floor = self.max_generation;
        if self.slots.capacity() >= 4 * self.slots.len() {
            self.slots.shrink_to(2 * self.slots.len());
        }
        let free_slots = self.slots.len() - self.len;
        if self.free.len() > 2 * free_slots + 64 {
            let slots = &self.slots;
            self.free.retain(|&index| {
                slots
                    .get(index as usize)
                    .is_some_and(|slot| slot.value.is_none())
            });
            self.free.shrink_to(2 * self.free.len());
        }
    }

    /// Number of slots ever allocated (live or free): the arena's footprint.
    #[cfg(test)]
    pub(crate) fn capacity_slots(&self) -> usize {
        self.slots.len()
    }

    /// The bytes the slots' storage takes.
    #[cfg(test)]
    pub(crate) fn slot_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot<T>>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_get_remove() {
        let mut s = GenSlab::default();
        let a = s.insert("a");
        let b = s.insert("b");
        assert_ne!(a, b);
        assert_eq!(s.len(), 2);
        assert_eq!(s.get(a), Some(&"a"));
        *s.get_mut(b).unwrap() = "B";
        assert_eq!(s.remove(b), Some("B"));
        assert_eq!(s.remove(b), None, "double remove is a no-op");
        assert!(!s.contains(b));
        assert_eq!(s.len(), 1);
    }

    #[test]
    fn stale_key_is_detected_after_slot_reuse() {
        let mut s = GenSlab::default();
        let old = s.insert(1);
        s.remove(old);
        let new = s.insert(2);
        assert_eq!(s.capacity_slots(), 1, "the freed slot is reused");
        assert_ne!(old, new);
        assert_eq!(s.get(old), None);
        assert_eq!(s.get_mut(old), None);
        assert_eq!(s.remove(old), None);
        assert_eq!(s.get(new), Some(&2));
    }

    #[test]
    fn no_key_and_garbage_keys_are_never_live() {
        let mut s = GenSlab::default();
        for i in 0..10 {
            s.insert(i);
        }
        assert!(!s.contains(NO_KEY));
        assert_eq!(s.remove(NO_KEY), None);
        assert_eq!(s.get(12345), None);
        assert_eq!(s.len(), 10);
    }

    #[test]
    fn churn_does_not_grow_the_arena() {
        let mut s = GenSlab::default();
        for i in 0..1000 {
            let k = s.insert(i);
            assert_eq!(s.remove(k), Some(i));
        }
        assert_eq!(s.capacity_slots(), 1);
        assert_eq!(s.len(), 0);
    }

    #[test]
    fn a_sparse_large_arena_drops_its_trailing_free_slots_and_old_keys_stay_dead() {
        let mut s = GenSlab::default();
        // Two values that stay (the static queues of a Scheduler), then a burst.
        let stay: Vec<u64> = (0..2).map(|i| s.insert(i)).collect();
        let burst: Vec<u64> = (0..100_000).map(|i| s.insert(10 + i)).collect();
        let before = s.slot_bytes();
        assert!(before > RELEASE_BYTES);
        for &k in &burst {
            assert!(s.remove(k).is_some());
        }
        assert!(
            s.slot_bytes() * 100 < before,
            "the trailing free slots were dropped: {} of {before} bytes left",
            s.slot_bytes()
        );
        assert_eq!(s.get(stay[0]), Some(&0));
        assert_eq!(s.get(stay[1]), Some(&1));
        // New values at the dropped indexes never answer to an old key.
        let again: Vec<u64> = (0..1000).map(|i| s.insert(200_000 + i)).collect();
        for &old in &burst {
            assert!(!s.contains(old));
        }
        for (i, &k) in again.iter().enumerate() {
            assert_eq!(s.get(k), Some(&(200_000 + i as u64)));
        }
    }

    #[test]
    fn a_live_value_keeps_the_slots_before_it() {
        let mut s = GenSlab::default();
        let keys: Vec<u64> = (0..100_000).map(|i| s.insert(i)).collect();
        let slots = s.capacity_slots();
        // The last value stays: nothing after it to drop.
        for &k in &keys[..keys.len() - 1] {
            s.remove(k);
        }
        assert_eq!(s.capacity_slots(), slots);
        assert_eq!(s.get(keys[keys.len() - 1]), Some(&99_999));
        // Free slots are reused as before.
        let k = s.insert(7);
        assert_eq!(s.capacity_slots(), slots);
        assert_eq!(s.get(k), Some(&7));
    }

    #[test]
    fn a_drained_large_arena_gives_its_memory_back_and_old_keys_stay_dead() {
        let mut s = GenSlab::default();
        let n = 200_000;
        let mut keys: Vec<u64> = (0..n).map(|i| s.insert(i)).collect();
        // Reuse a few slots so their generations differ (and one reaches a higher one).
        for _ in 0..3 {
            let k = keys[7];
            s.remove(k);
            keys.push(k);
            keys[7] = s.insert(7);
        }
        assert!(s.slot_bytes() > RELEASE_BYTES);
        for &k in keys.iter().take(n) {
            assert!(s.remove(k).is_some());
        }
        assert_eq!(s.len(), 0);
        assert_eq!(s.slot_bytes(), 0, "the drained arena released its slots");
        // New values reuse the low indexes, at a generation no old key had.
        let fresh: Vec<u64> = (0..16).map(|i| s.insert(100 + i)).collect();
        for &old in &keys {
            assert!(!s.contains(old), "a key from before the release is dead");
            assert_eq!(s.remove(old), None);
        }
        for (i, &k) in fresh.iter().enumerate() {
            assert_eq!(s.get(k), Some(&(100 + i)));
        }
    }

    #[test]
    fn a_small_arena_keeps_its_slots_when_drained() {
        let mut s = GenSlab::default();
        let keys: Vec<u64> = (0..100).map(|i| s.insert(i)).collect();
        for k in keys {
            s.remove(k);
        }
        assert_eq!(s.capacity_slots(), 100);
    }

    mod model {
        use super::super::*;
        use proptest::prelude::*;

        /// A value big enough that a few thousand slots pass `RELEASE_BYTES`.
        type Big = [u64; 64];

        #[derive(Debug, Clone)]
        enum Op {
            /// Insert this many values.
            Insert(u16),
            /// Remove this many of the oldest live values.
            RemoveOldest(u16),
            /// Remove this many of the newest live values.
            RemoveNewest(u16),
            /// Remove the live value at this position (modulo the live count).
            RemoveAt(u16),
        }

        fn op() -> impl Strategy<Value = Op> {
            prop_oneof![
                (1u16..3000).prop_map(Op::Insert),
                (1u16..3000).prop_map(Op::RemoveOldest),
                (1u16..3000).prop_map(Op::RemoveNewest),
                any::<u16>().prop_map(Op::RemoveAt),
            ]
        }

        proptest! {
            #![proptest_config(ProptestConfig {
                cases: 64,
                failure_persistence: None,
                ..ProptestConfig::default()
            })]

            /// Against a naive model (every key ever handed out, and whether it is live): a live
            /// key reads its value, a dead key reads nothing, whatever slots were dropped; and a
            /// drained arena holds no more than `RELEASE_BYTES` of slots.
            #[test]
            fn keys_stay_exact_while_slots_are_dropped(ops in proptest::collection::vec(op(), 1..40)) {
                let mut slab: GenSlab<Big> = GenSlab::default();
                let mut issued: Vec<(u64, u64, bool)> = Vec::new();
                let mut live: Vec<usize> = Vec::new();
                let mut next = 0u64;
                for op in ops {
                    match op {
                        Op::Insert(n) => {
                            for _ in 0..n {
                                let mut value = [0; 64];
                                value[0] = next;
                                let key = slab.insert(value);
                                live.push(issued.len());
                                issued.push((key, next, true));
                                next += 1;
                            }
                        }
                        Op::RemoveOldest(n) | Op::RemoveNewest(n) => {
                            let oldest = matches!(op, Op::RemoveOldest(_));
                            for _ in 0..usize::from(n).min(live.len()) {
                                let i = if oldest { live.remove(0) } else { live.pop().unwrap_or(0) };
                                let (key, value, _) = issued[i];
                                prop_assert_eq!(slab.remove(key).map(|v| v[0]), Some(value));
                                issued[i].2 = false;
                            }
                        }
                        Op::RemoveAt(at) => {
                            if !live.is_empty() {
                                let i = live.remove(usize::from(at) % live.len());
                                let (key, value, _) = issued[i];
                                prop_assert_eq!(slab.remove(key).map(|v| v[0]), Some(value));
                                issued[i].2 = false;
                            }
                        }
                    }
                    prop_assert_eq!(slab.len(), live.len());
                    for &(key, value, alive) in &issued {
                        prop_assert_eq!(slab.get(key).map(|v| v[0]), alive.then_some(value));
                    }
                }
                for i in std::mem::take(&mut live) {
                    prop_assert!(slab.remove(issued[i].0).is_some());
                }
                prop_assert!(slab.slot_bytes() <= RELEASE_BYTES, "{} bytes of slots", slab.slot_bytes());
            }
        }
    }
}

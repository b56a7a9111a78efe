//! Generational slot arena: O(1) insert, lookup and removal by a `u64` key.
//!
//! Invariant: a key `(generation << 32) | index` names a live value iff slot `index` is occupied
//! and its generation equals `generation`. Freeing a slot bumps its generation, so every key handed
//! out for the slot's previous occupant is dead from then on: a stale key is detected, never
//! aliased (until one slot has been reused 2^32 times while the stale key is still held). Freed
//! slots are reused, so the arena's size is bounded by the peak number of live values and steady
//! churn allocates nothing. Index `u32::MAX` is never handed out, so [`NO_KEY`] is never live.

/// A key that no [`GenSlab`] ever hands out (slot index `u32::MAX` is never allocated).
pub(crate) const NO_KEY: u64 = u64::MAX;

/// See the module docs.
#[derive(Debug, Clone)]
pub(crate) struct GenSlab<T> {
    slots: Vec<Slot<T>>,
    free: Vec<u32>,
    len: usize,
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
        let index = match self.free.pop() {
            Some(index) => index,
            None => {
                let index = u32::try_from(self.slots.len())
                    .ok()
                    .filter(|&i| i != u32::MAX);
                let Some(index) = index else {
                    panic!("GenSlab capacity exhausted");
                };
                self.slots.push(Slot {
                    generation: 0,
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
        self.free.push(index as u32);
        self.len -= 1;
        Some(value)
    }

    /// Number of slots ever allocated (live or free): the arena's footprint.
    #[cfg(test)]
    pub(crate) fn capacity_slots(&self) -> usize {
        self.slots.len()
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
}

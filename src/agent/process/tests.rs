//! The process's unit tests: mail, the end, ports, a held end, lockstep.

use super::*;
use std::sync::atomic::AtomicUsize;
use std::time::Duration;

fn noop() -> Delivery {
    Box::new(|_| {})
}

#[test]
fn mail_arrives_in_order_and_not_for_gone_agents() {
    let p = Process::new(None);
    let a = p.add_agent();
    let b = p.add_agent();
    let counter = Arc::new(AtomicUsize::new(0));
    for _ in 0..3 {
        assert!(p.post(b.id, noop()));
    }
    assert_eq!(p.take_mail(&b).len(), 3);
    assert!(p.take_mail(&b).is_empty());
    p.remove_agent(b.id);
    let c = counter.clone();
    assert!(!p.post(
        b.id,
        Box::new(move |_| {
            c.fetch_add(1, Ordering::Relaxed);
        })
    ));
    assert!(p.is_live(a.id) && !p.is_live(b.id));
}

#[test]
fn finished_only_when_every_agent_is_idle_and_no_mail_is_left() {
    let p = Process::new(None);
    let a = p.add_agent();
    let b = p.add_agent();
    // b is busy (registered, not yet idle): a's idle wait times out instead of finishing.

    let soon = Instant::now() + Duration::from_millis(5);
    assert_eq!(p.wait(a.id, Some(soon), true), Wake::Go);
    // b goes idle on another thread while a waits idle: both see Done.
    let p2 = p.clone();
    let b_id = b.id;
    let t = std::thread::spawn(move || p2.wait(b_id, None, true));
    assert_eq!(p.wait(a.id, None, true), Wake::Done);
    assert_eq!(t.join().ok(), Some(Wake::Done));
}

#[test]
fn mail_wakes_an_idle_agent_and_keeps_the_process_alive() {
    let p = Process::new(None);
    let a = p.add_agent();
    let b = p.add_agent();
    let p2 = p.clone();
    let (a_id, b_id) = (a.id, b.id);
    let b2 = b.clone();
    // b: idle, then woken by mail from a, then idle again.
    let t = std::thread::spawn(move || {
        let first = p2.wait(b_id, None, true);
        let mail = p2.take_mail(&b2).len();
        let second = p2.wait(b_id, None, true);
        (first, mail, second)
    });
    std::thread::sleep(Duration::from_millis(10));
    assert!(p.post(b_id, noop()));
    assert_eq!(p.wait(a_id, None, true), Wake::Done);
    assert_eq!(t.join().ok(), Some((Wake::Go, 1, Wake::Done)));
}

#[test]
fn terminate_and_stop_end_waits() {
    let p = Process::new(None);
    let a = p.add_agent();
    let b = p.add_agent();
    p.terminate(b.id);
    assert!(b.terminated.load(Ordering::Acquire));
    assert_eq!(p.wait(b.id, None, true), Wake::Stop);
    p.request_stop();
    assert_eq!(p.wait(a.id, None, true), Wake::Stop);
}

#[test]
fn ports_keep_what_is_posted_while_they_travel() {
    let p = Process::new(None);
    let a = p.add_agent();
    let b = p.add_agent();
    let port = p.new_port_id();
    assert!(!p.post_to_port(port, noop()), "unknown port: dropped");
    p.port_departed(port);
    assert!(p.post_to_port(port, noop()));
    assert!(p.post_to_port(port, noop()));
    assert_eq!(p.port_arrived(port, b.id).len(), 2);
    assert_eq!(p.port_holder(port), Some(b.id));
    assert!(p.post_to_port(port, noop()));
    assert_eq!(p.take_mail(&b).len(), 1);
    p.remove_agent(b.id);
    assert_eq!(p.port_holder(port), None, "an ended agent's ports are gone");
    assert!(!p.post_to_port(port, noop()));
    let _ = a;
}

#[test]
fn a_delivery_that_missed_its_port_follows_it() {
    let p = Process::new(None);
    let a = p.add_agent();
    let b = p.add_agent();
    let port = p.new_port_id();
    let _ = p.port_arrived(port, a.id);
    assert!(
        !p.forward_to_port(port, a.id, noop()),
        "the port is still here: nothing to follow"
    );
    p.port_departed(port);
    assert!(
        p.forward_to_port(port, a.id, noop()),
        "waits while it travels"
    );
    assert_eq!(p.port_arrived(port, a.id).len(), 1, "back where it was");
    p.port_departed(port);
    let _ = p.port_arrived(port, b.id);
    assert!(
        p.forward_to_port(port, a.id, noop()),
        "mailed to its new agent"
    );
    assert_eq!(p.take_mail(&b).len(), 1);
    p.port_closed(port);
    assert!(
        !p.forward_to_port(port, a.id, noop()),
        "a closed port: dropped"
    );
}

/// With the end held, the holder sees every "all idle" as `Done` while the process goes on:
/// the other agents keep waiting, and mail from the holder wakes them again.
#[test]
fn a_held_end_tells_the_holder_and_keeps_the_others() {
    let p = Process::new(None);
    let a = p.add_agent();
    let b = p.add_agent();
    p.hold_end(a.id);
    let p2 = p.clone();
    let b_id = b.id;
    let b2 = b.clone();
    // b: idle until mail comes, then idle again until it is terminated.
    let t = std::thread::spawn(move || {
        let first = p2.wait(b_id, None, true);
        let mail = p2.take_mail(&b2).len();
        let second = p2.wait(b_id, None, true);
        (first, mail, second)
    });
    assert_eq!(p.wait(a.id, None, true), Wake::Done);
    assert!(!p.is_done(), "the end is held: not finished");
    assert!(p.post(b_id, noop()));
    assert_eq!(p.wait(a.id, None, true), Wake::Done, "all idle again");
    assert!(!p.is_done());
    p.terminate(b_id);
    assert_eq!(t.join().ok(), Some((Wake::Go, 1, Wake::Stop)));
    p.remove_agent(b_id);
    assert_eq!(p.wait(a.id, None, true), Wake::Done);
    assert!(!p.is_done());
}

/// Lockstep with the end held: a quiet round with no timer gives the holder the turn, which
/// it sees as `Done` once; its next turn is an ordinary one.
#[test]
fn a_held_end_in_lockstep() {
    let p = Process::new(Some(SharedTime::new()));
    let a = p.add_agent();
    let b = p.add_agent();
    p.hold_end(a.id);
    assert_eq!(p.begin_turn(a.id), Wake::Go);
    p.end_turn(a.id, false, None);
    assert_eq!(p.begin_turn(b.id), Wake::Go);
    p.end_turn(b.id, false, None);
    assert_eq!(p.begin_turn(a.id), Wake::Done);
    assert!(!p.is_done());
    assert_eq!(p.begin_turn(a.id), Wake::Go);
    assert!(p.post(b.id, noop()));
    p.end_turn(a.id, true, None);
    assert_eq!(p.begin_turn(b.id), Wake::Go);
}

/// Lockstep: turns pass in creation order; a quiet round moves the time line to the earliest
/// timer; a quiet round with no timer finishes the process.
#[test]
fn lockstep_turns_and_time() {
    let time = SharedTime::new();
    let p = Process::new(Some(time.clone()));
    let a = p.add_agent();
    let b = p.add_agent();
    assert_eq!(p.begin_turn(a.id), Wake::Go);
    p.end_turn(a.id, true, None);
    assert_eq!(p.begin_turn(b.id), Wake::Go);
    p.end_turn(b.id, false, Some(7_000));
    assert_eq!(p.begin_turn(a.id), Wake::Go);
    p.end_turn(a.id, false, Some(9_000));
    // A round of two quiet turns: the time line moved to b's timer.
    assert_eq!(time.now_ns(), 7_000);
    assert_eq!(p.begin_turn(b.id), Wake::Go);
    p.end_turn(b.id, true, None);
    assert_eq!(p.begin_turn(a.id), Wake::Go);
    p.end_turn(a.id, false, None);
    assert_eq!(p.begin_turn(b.id), Wake::Go);
    p.end_turn(b.id, false, None);
    assert_eq!(p.begin_turn(a.id), Wake::Done);
    assert_eq!(p.begin_turn(b.id), Wake::Done);
}

/// Lockstep with real threads: whatever the OS does, each agent's turns interleave in the
/// same order.
#[test]
fn lockstep_is_deterministic_across_threads() {
    let run = || {
        let p = Process::new(Some(SharedTime::new()));
        let log = Arc::new(Mutex::new(Vec::new()));
        let agents: Vec<_> = (0..3).map(|_| p.add_agent()).collect();
        let threads: Vec<_> = agents
            .iter()
            .map(|h| {
                let (p, log, id) = (p.clone(), log.clone(), h.id);
                std::thread::spawn(move || {
                    for step in 0..(3 + id.0) {
                        if p.begin_turn(id) != Wake::Go {
                            return;
                        }
                        log.lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((id.0, step));
                        p.end_turn(id, true, None);
                    }
                    while p.begin_turn(id) == Wake::Go {
                        p.end_turn(id, false, None);
                    }
                })
            })
            .collect();
        for t in threads {
            let _ = t.join();
        }
        log.lock().unwrap_or_else(|e| e.into_inner()).clone()
    };
    let first = run();
    assert_eq!(first.len(), 3 + 4 + 5);
    assert_eq!(&first[..3], &[(0, 0), (1, 0), (2, 0)]);
    for _ in 0..5 {
        assert_eq!(run(), first);
    }
}

/// A delivery that logs `n`.
fn logging(log: &Arc<Mutex<Vec<u64>>>, n: u64) -> Delivery {
    let log = log.clone();
    Box::new(move |_| {
        log.lock().unwrap_or_else(|e| e.into_inner()).push(n);
    })
}

/// Lockstep under a policy seed: `a` posts 30 deliveries to `b` in its first turn and has a
/// timer at 1 s; then the agents take quiet turns. Returns the order `b` ran the deliveries in
/// and, for each turn of `b` that took mail, the time line and how many it took.
fn delayed_mail_run(seed: u64) -> (Vec<u64>, Vec<(u64, usize)>) {
    let time = SharedTime::new();
    let p = Process::new(Some(time.clone()));
    p.delay_mail(seed);
    let a = p.add_agent();
    let b = p.add_agent();
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut context = Context::default();
    assert_eq!(p.begin_turn(a.id), Wake::Go);
    for n in 0..30 {
        assert!(p.post(b.id, logging(&log, n)));
    }
    p.end_turn(a.id, true, Some(1_000_000_000));
    let mut taken = Vec::new();
    let mut got = 0;
    while got < 30 {
        assert_eq!(p.begin_turn(b.id), Wake::Go);
        let mail = p.take_mail(&b);
        if !mail.is_empty() {
            taken.push((time.now_ns(), mail.len()));
        }
        got += mail.len();
        let ran = !mail.is_empty();
        for delivery in mail {
            delivery(&mut context);
        }
        p.end_turn(b.id, ran, None);
        assert_eq!(
            p.begin_turn(a.id),
            Wake::Go,
            "not finished while mail is held"
        );
        p.end_turn(a.id, false, Some(1_000_000_000));
    }
    let order = log.lock().unwrap_or_else(|e| e.into_inner()).clone();
    (order, taken)
}

/// Under a policy seed, mail is handed out only once due (a quiet round moves the time line to
/// the first held delivery, before any later timer), a mailbox stays first in, first out
/// whatever the delays, and a seed replays the same delays.
#[test]
fn delayed_mail_keeps_its_order_moves_the_time_line_and_replays() {
    let (order, taken) = delayed_mail_run(7);
    assert_eq!(order, (0..30).collect::<Vec<_>>(), "first in, first out");
    assert!(taken.len() > 1, "handed out over time: {taken:?}");
    // Every delivery was due by 16 ms (its post at 0 plus at most 16 ms): the time line moved
    // to held mail, not to the timer at 1 s.
    assert!(taken.iter().all(|&(t, _)| t <= 16_000_000), "{taken:?}");
    assert!(taken.iter().any(|&(t, _)| t > 0), "{taken:?}");
    assert_eq!(
        delayed_mail_run(7),
        (order, taken.clone()),
        "a seed replays"
    );
    assert_ne!(delayed_mail_run(8).1, taken, "another seed, other delays");
}

/// Without a policy seed nothing is delayed: everything posted is taken at once.
#[test]
fn mail_is_not_delayed_without_a_seed() {
    let p = Process::new(Some(SharedTime::new()));
    let b = p.add_agent();
    for _ in 0..5 {
        assert!(p.post(b.id, noop()));
    }
    assert_eq!(p.take_mail(&b).len(), 5);
}

/// Real time under a policy seed: an idle agent's wait ends when its delayed mail is due.
#[test]
fn delayed_mail_wakes_a_waiting_agent_in_real_time() {
    let p = Process::new(None);
    p.delay_mail(3);
    let a = p.add_agent();
    let b = p.add_agent();
    for _ in 0..10 {
        assert!(p.post(b.id, noop()));
    }
    let start = Instant::now();
    let mut got = 0;
    while got < 10 {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the mail never came"
        );
        assert_eq!(p.wait(b.id, None, true), Wake::Go);
        got += p.take_mail(&b).len();
    }
    assert!(!p.is_done(), "a is still busy");
    let _ = a;
}

/// Deliveries for a port still held in its agent's mailbox when the port leaves go with it,
/// in order, ahead of what is posted to it while it travels.
#[test]
fn held_mail_for_a_port_goes_with_the_port() {
    let p = Process::new(Some(SharedTime::new()));
    p.delay_mail(5);
    let a = p.add_agent();
    let b = p.add_agent();
    let port = p.new_port_id();
    let other = p.new_port_id();
    let _ = p.port_arrived(port, a.id);
    let _ = p.port_arrived(other, a.id);
    let log = Arc::new(Mutex::new(Vec::new()));
    assert!(p.post_to_port(port, logging(&log, 0)));
    assert!(p.post_to_port(other, logging(&log, 100)));
    assert!(p.post_to_port(port, logging(&log, 1)));
    p.port_departed(port);
    assert!(p.post_to_port(port, logging(&log, 2)));
    let mut context = Context::default();
    for delivery in p.port_arrived(port, b.id) {
        delivery(&mut context);
    }
    assert_eq!(*log.lock().unwrap_or_else(|e| e.into_inner()), [0, 1, 2]);
    assert!(p.take_mail(&b).is_empty());
    // The other port's delivery stays in a's mailbox (due by 16 ms).
    if let Some(time) = p.shared_time() {
        time.advance_to(16_000_000);
    }
    assert_eq!(p.take_mail(&a).len(), 1);
}

//! The environment core without Python: determinism, autoreset, refusals, self-play, steps.

use super::*;
use tabula::dicecore::pig::Pig;
use tabula::{alea_iacta_est, kingdom_builder, mosaix, sequence_dice, the_border};

fn spec(players: u8, num_envs: usize, threads: usize) -> EnvSpec {
    EnvSpec {
        seed: 9,
        threads,
        ..EnvSpec::new(players, num_envs, 9)
    }
}

impl Buffers {
    /// The first legal id of each environment (0 for a finished one).
    fn first_legal(&self, a: usize) -> Vec<i64> {
        self.mask
            .chunks(a)
            .map(|m| m.iter().position(|&b| b).unwrap_or(0) as i64)
            .collect()
    }
}

/// Plays `steps` steps of the first legal action; returns every buffer's history.
fn trajectory<G: Game + Encode + 'static>(
    spec: EnvSpec,
    steps: usize,
) -> Vec<(Vec<f32>, Vec<f64>)> {
    let mut envs = Envs::<G>::new(spec.clone()).unwrap();
    let shape = envs.shape().clone();
    let mut b = Buffers::new(spec.num_envs, &shape);
    envs.reset(None, b.out()).unwrap();
    let mut seen = Vec::new();
    for _ in 0..steps {
        let actions = b.first_legal(shape.num_actions);
        envs.step(&actions, b.out()).unwrap();
        seen.push((b.obs.clone(), b.rewards.clone()));
    }
    seen
}

#[test]
fn trajectories_do_not_depend_on_the_thread_count() {
    let one = trajectory::<sequence_dice::State>(spec(2, 6, 1), 200);
    assert_eq!(one, trajectory::<sequence_dice::State>(spec(2, 6, 2), 200));
    assert_eq!(one, trajectory::<sequence_dice::State>(spec(2, 6, 3), 200));
    let mosaix = trajectory::<mosaix::State>(spec(3, 3, 1), 50);
    assert_eq!(mosaix, trajectory::<mosaix::State>(spec(3, 3, 2), 50));
    let selfplay = |threads| trajectory::<the_border::State>(spec(3, 5, threads).self_play(), 80);
    assert_eq!(selfplay(1), selfplay(2));
}

#[test]
fn episodes_end_with_the_win_share_and_restart_at_the_next_step() {
    let mut envs = Envs::<Pig>::new(spec(2, 2, 1)).unwrap();
    let shape = envs.shape().clone();
    let mut b = Buffers::new(2, &shape);
    envs.reset(Some(3), b.out()).unwrap();
    let mut ended = 0;
    for _ in 0..10_000 {
        let actions = b.first_legal(shape.num_actions);
        let was_over: Vec<bool> = b.terminated.clone();
        envs.step(&actions, b.out()).unwrap();
        for (i, &was_over) in was_over.iter().enumerate() {
            if was_over {
                assert!(
                    !b.terminated[i] && b.rewards[i] == 0.0,
                    "a new episode starts"
                );
                assert!(b.mask[i * shape.num_actions..][..shape.num_actions].contains(&true));
            } else if b.terminated[i] {
                ended += 1;
                assert!([0.0, 0.5, 1.0].contains(&b.rewards[i]));
                let mask = &b.mask[i * shape.num_actions..][..shape.num_actions];
                assert!(!mask.contains(&true), "no legal action at the end");
            } else {
                assert_eq!(b.rewards[i], 0.0);
            }
        }
    }
    assert!(ended > 10, "{ended} episodes ended");
}

#[test]
fn illegal_or_out_of_range_actions_change_nothing() {
    let mut envs = Envs::<sequence_dice::State>::new(spec(2, 2, 1)).unwrap();
    let shape = envs.shape().clone();
    let mut b = Buffers::new(2, &shape);
    let Err(Failure::ResetNeeded(m)) = envs.step(&[0, 0], b.out()) else {
        panic!("a step before the first reset")
    };
    assert!(m.contains("call reset() first"), "{m}");
    envs.reset(None, b.out()).unwrap();
    let before = envs.envs.iter().map(|e| e.state).collect::<Vec<_>>();
    let legal = b.first_legal(shape.num_actions);
    let illegal = b.mask[..shape.num_actions]
        .iter()
        .position(|&m| !m)
        .unwrap() as i64;
    for bad in [
        vec![legal[0], -1],
        vec![legal[0], shape.num_actions as i64],
        vec![illegal, legal[1]],
    ] {
        let Err(Failure::Illegal(m)) = envs.step(&bad, b.out()) else {
            panic!("{bad:?} accepted")
        };
        assert!(m.starts_with("environment "), "{m}");
    }
    let Err(Failure::Illegal(m)) = envs.step(&[legal[0], i64::MIN], b.out()) else {
        panic!("i64::MIN accepted")
    };
    assert!(m.contains(&i64::MIN.to_string()), "the id as given: {m}");
    assert!(matches!(
        envs.step(&[legal[0]], b.out()),
        Err(Failure::Config(_))
    ));
    let after = envs.envs.iter().map(|e| e.state).collect::<Vec<_>>();
    assert_eq!(before, after);
}

#[test]
fn without_autoreset_a_finished_episode_refuses_steps() {
    let mut envs = Envs::<Pig>::new(EnvSpec {
        autoreset: false,
        learner_seat: Some(1),
        ..spec(2, 1, 1)
    })
    .unwrap();
    let shape = envs.shape().clone();
    let mut b = Buffers::new(1, &shape);
    envs.reset(None, b.out()).unwrap();
    assert_eq!(envs.learner_seats(), vec![1]);
    while !b.terminated[0] {
        let actions = b.first_legal(shape.num_actions);
        envs.step(&actions, b.out()).unwrap();
        assert_eq!(b.seats, vec![1]);
    }
    let Err(Failure::Illegal(m)) = envs.step(&[0], b.out()) else {
        panic!("a finished episode stepped")
    };
    assert!(m.contains("reset"), "{m}");
    envs.reset(None, b.out()).unwrap();
    assert!(!b.terminated[0]);
}

#[test]
fn sampled_actions_are_legal() {
    let mut envs = Envs::<mosaix::State>::new(spec(2, 4, 1)).unwrap();
    let shape = envs.shape().clone();
    let mut b = Buffers::new(4, &shape);
    envs.reset(None, b.out()).unwrap();
    let mut actions = vec![0; 4];
    for step in 0..100 {
        envs.sample_legal(step, &mut actions).unwrap();
        for (i, &id) in actions.iter().enumerate() {
            let finished = b.terminated[i];
            assert!(finished || b.mask[i * shape.num_actions + id as usize]);
        }
        envs.step(&actions, b.out()).unwrap();
    }
}

/// FNV-1a over everything `steps` random legal steps of `num_envs` environments write
/// (observations, masks, rewards, flags), the buffers reused from step to step as Python
/// reuses them, and the number of episodes that ended.
fn digest<G: Game + Encode + 'static>(spec: EnvSpec, steps: u64) -> String {
    let num_envs = spec.num_envs;
    let mut envs = Envs::<G>::new(spec).unwrap();
    let shape = envs.shape().clone();
    let mut b = Buffers::new(num_envs, &shape);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &x in bytes {
            h = (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3);
        }
    };
    envs.reset(None, b.out()).unwrap();
    let mut actions = vec![0; num_envs];
    let mut ended = 0;
    for step in 0..steps {
        envs.sample_legal(step, &mut actions).unwrap();
        envs.step(&actions, b.out()).unwrap();
        b.obs.iter().for_each(|x| eat(&x.to_bits().to_le_bytes()));
        b.mask.iter().for_each(|&m| eat(&[u8::from(m)]));
        b.rewards
            .iter()
            .for_each(|r| eat(&r.to_bits().to_le_bytes()));
        b.terminated.iter().for_each(|&t| eat(&[u8::from(t)]));
        ended += b.terminated.iter().filter(|&&t| t).count();
    }
    format!("{h:016x} {ended}")
}

/// What the environments deliver is pinned: a change of speed must not change one bit of
/// it (the ids, layouts and values are also pinned per state by `tests/compat.rs`).
#[test]
fn every_game_delivers_what_it_delivered() {
    let got = [
        digest::<sequence_dice::State>(spec(2, 3, 1), 400),
        digest::<the_border::State>(spec(2, 3, 1), 200),
        digest::<kingdom_builder::State>(spec(4, 3, 1), 150),
        digest::<mosaix::State>(spec(4, 3, 1), 100),
        digest::<alea_iacta_est::State>(spec(5, 3, 1), 300),
    ];
    let want = [
        "c502dec6267f6629 21",
        "6f038d7c54e3a1d8 3",
        "8b0b96184b58c849 7",
        "9b6547cee39e907c 12",
        "dd5f5afc86efe91b 15",
    ];
    assert_eq!(got, want);
}

/// Every entry of every buffer is written at every call: buffers filled with garbage before
/// each call come out the same as buffers reused, in every game and both seatings (so
/// `copy=True` may hand Rust fresh, uninitialised numpy arrays).
#[test]
fn every_entry_is_written_at_every_call() {
    fn check<G: Game + Encode + 'static>(spec: EnvSpec, steps: u64) {
        let n = spec.num_envs;
        let mut a = Envs::<G>::new(spec.clone()).unwrap();
        let mut b = Envs::<G>::new(spec).unwrap();
        let shape = a.shape().clone();
        let mut reused = Buffers::new(n, &shape);
        let mut fresh = Buffers::new(n, &shape);
        let garbage = |f: &mut Buffers, k: u64| {
            f.obs.fill(f32::NAN);
            f.mask.fill(k.is_multiple_of(2));
            f.rewards.fill(f64::NAN);
            f.terminated.fill(k % 2 == 1);
            f.truncated.fill(true);
            f.seats.fill(-7);
        };
        a.reset(None, reused.out()).unwrap();
        garbage(&mut fresh, 0);
        b.reset(None, fresh.out()).unwrap();
        let mut actions = vec![0; n];
        for k in 0..steps {
            assert!(fresh.obs.iter().all(|x| x.is_finite()), "{}", G::NAME);
            assert_eq!(reused.obs, fresh.obs, "{}", G::NAME);
            assert_eq!(reused.mask, fresh.mask);
            assert_eq!(reused.rewards, fresh.rewards);
            assert_eq!(reused.terminated, fresh.terminated);
            assert_eq!(reused.truncated, fresh.truncated);
            assert_eq!(reused.seats, fresh.seats);
            a.sample_legal(k, &mut actions).unwrap();
            a.step(&actions, reused.out()).unwrap();
            garbage(&mut fresh, k + 1);
            b.step(&actions, fresh.out()).unwrap();
        }
    }
    check::<sequence_dice::State>(spec(2, 3, 1), 200);
    check::<sequence_dice::State>(spec(3, 3, 2).self_play(), 200);
    check::<the_border::State>(spec(2, 2, 1).self_play(), 150);
    check::<kingdom_builder::State>(spec(4, 2, 1), 60);
    check::<mosaix::State>(spec(4, 2, 1).self_play(), 100);
    check::<mosaix::State>(
        EnvSpec {
            action_space: ActionSpace::Steps,
            ..spec(3, 2, 1).self_play()
        },
        150,
    );
    check::<alea_iacta_est::State>(spec(5, 2, 1), 120);
    check::<Pig>(spec(3, 2, 1).self_play(), 100);
}

/// Self-play: each step is one decision of the seat to move, the observation and mask are that
/// seat's, the rewards of a finished game are every seat's win share (summing to 1), and the
/// seats really take turns.
#[test]
fn self_play_steps_the_seat_to_move() {
    let players = 3;
    let mut envs = Envs::<sequence_dice::State>::new(spec(players, 4, 1).self_play()).unwrap();
    let shape = envs.shape().clone();
    assert_eq!(shape.rewards, 3);
    let mut b = Buffers::new(4, &shape);
    envs.reset(None, b.out()).unwrap();
    let (mut ended, mut seen) = (0, [0usize; 3]);
    for k in 0..3_000 {
        for (i, env) in envs.envs.iter().enumerate() {
            if b.terminated[i] {
                continue;
            }
            let seat = Seat(b.seats[i] as u8);
            assert_eq!(env.state.turn(), Turn::Seat(seat));
            let mut want = vec![0.0; 128];
            sequence_dice::State::encode_view(
                env.state.config(),
                seat,
                &env.state.view(seat),
                &mut want,
            );
            assert_eq!(&b.obs[i * 128..][..128], want.as_slice());
            seen[seat.index()] += 1;
        }
        let mut actions = vec![0; 4];
        envs.sample_legal(k, &mut actions).unwrap();
        envs.step(&actions, b.out()).unwrap();
        for i in 0..4 {
            let rewards = &b.rewards[i * 3..][..3];
            if b.terminated[i] {
                ended += 1;
                assert!((rewards.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            } else {
                assert_eq!(rewards, [0.0; 3]);
            }
        }
    }
    assert!(ended > 5, "{ended} games ended");
    assert!(seen.iter().all(|&n| n > 1_000), "{seen:?}");
}

/// Mixed tables: the caller's seats per environment, the others played by agents; the
/// environments of one spec may seat the caller differently.
#[test]
fn mixed_tables_seat_the_caller_where_asked() {
    let mc = Player::Agent(AgentSpec::MonteCarlo { playouts: 3 });
    let tables = vec![
        vec![Player::Caller, mc],
        vec![mc, Player::Caller],
        vec![Player::Caller, Player::Caller],
    ];
    let mut envs = Envs::<sequence_dice::State>::new(EnvSpec {
        tables: Some(tables),
        ..spec(2, 3, 1)
    })
    .unwrap();
    let shape = envs.shape().clone();
    let mut b = Buffers::new(3, &shape);
    envs.reset(None, b.out()).unwrap();
    let mut both = [false; 2];
    for k in 0..2_000 {
        assert!(b.terminated[0] || b.seats[0] == 0);
        assert!(b.terminated[1] || b.seats[1] == 1);
        both[b.seats[2] as usize] = true;
        let mut actions = vec![0; 3];
        envs.sample_legal(k, &mut actions).unwrap();
        envs.step(&actions, b.out()).unwrap();
    }
    assert_eq!(both, [true, true]);
}

/// Mosaix in steps plays the games of the flat space: the same seeds and the same choices
/// (each flat action taken as its path of one or two steps) give the same states and
/// observations, every mask is 508 wide, and the extra entries show the pending turn.
#[test]
fn steps_play_the_games_of_the_flat_space() {
    let flat_spec = spec(3, 1, 1).self_play();
    let steps_spec = EnvSpec {
        action_space: ActionSpace::Steps,
        ..flat_spec.clone()
    };
    let mut flat = Envs::<mosaix::State>::new(flat_spec).unwrap();
    let mut steps = Envs::<mosaix::State>::new(steps_spec).unwrap();
    let (fs, ss) = (flat.shape().clone(), steps.shape().clone());
    assert_eq!(ss.num_actions, 508);
    assert_eq!(ss.observation_len, fs.observation_len + 4);
    let (mut fb, mut sb) = (Buffers::new(1, &fs), Buffers::new(1, &ss));
    flat.reset(None, fb.out()).unwrap();
    steps.reset(None, sb.out()).unwrap();
    let mut dice = Dice::from_seed(4);
    let (mut two_steps, mut games) = (0, 0);
    for _ in 0..1_500 {
        let legal = &flat.envs[0].legal;
        let id = if legal.is_empty() {
            0
        } else {
            legal[dice.index(legal.len())]
        };
        let path = steps.envs[0].paths.iter().copied().find(|p| p.flat == id);
        assert_eq!(path.is_some(), !legal.is_empty());
        flat.step(&[id as i64], fb.out()).unwrap();
        let first = path.map_or(0, |p| i64::from(p.first));
        steps.step(&[first], sb.out()).unwrap();
        if let Some(second) = path.and_then(|p| p.second) {
            two_steps += 1;
            let extra = &sb.obs[fs.observation_len..];
            let turn = (path.unwrap().first - 404) as usize;
            assert_eq!(extra.iter().filter(|&&x| x == 1.0).count(), 1);
            assert_eq!(extra[turn], 1.0);
            assert!(sb.mask[usize::from(second)]);
            assert!(!sb.terminated[0] && sb.rewards == [0.0; 3]);
            steps.step(&[i64::from(second)], sb.out()).unwrap();
        }
        games += usize::from(fb.terminated[0]);
        assert_eq!(steps.envs[0].state, flat.envs[0].state);
        assert_eq!(&sb.obs[..fs.observation_len], fb.obs.as_slice());
        assert_eq!(sb.obs[fs.observation_len..], [0.0; 4]);
        assert_eq!(
            (sb.rewards.clone(), sb.terminated.clone()),
            (fb.rewards.clone(), fb.terminated.clone())
        );
        assert_eq!(sb.seats, fb.seats);
    }
    assert!(
        two_steps > 500 && games > 2,
        "{two_steps} entries, {games} games"
    );
}

#[test]
fn bad_specs_are_refused() {
    let bad = |spec: EnvSpec| Envs::<sequence_dice::State>::new(spec).err();
    assert!(matches!(bad(spec(9, 1, 1)), Some(Failure::Config(_))));
    let Some(Failure::Config(m)) = bad(spec(2, 0, 1)) else {
        panic!("no environments accepted")
    };
    assert!(m.contains("num_envs"), "{m}");
    let Some(Failure::Config(m)) = bad(spec(2, MAX_NUM_ENVS + 1, 1)) else {
        panic!("too many environments accepted")
    };
    assert!(m.contains("num_envs"), "{m}");
    for threads in [0, MAX_THREADS + 1] {
        let Some(Failure::Config(m)) = bad(spec(2, 2, threads)) else {
            panic!("{threads} threads accepted")
        };
        assert!(m.contains("threads"), "{m}");
    }
    let mut three = spec(2, 1, 1);
    three.opponents.push(AgentSpec::Random);
    assert!(matches!(bad(three), Some(Failure::Config(_))));
    let mut seat = spec(2, 1, 1);
    seat.learner_seat = Some(2);
    assert!(matches!(bad(seat), Some(Failure::Seat(_))));
    let agents_only = EnvSpec {
        tables: Some(vec![vec![Player::Agent(AgentSpec::Random); 2]]),
        ..spec(2, 1, 1)
    };
    assert!(matches!(bad(agents_only), Some(Failure::Config(_))));
    let two_tables = EnvSpec {
        tables: Some(vec![vec![Player::Caller; 2]; 2]),
        ..spec(2, 3, 1)
    };
    assert!(matches!(bad(two_tables), Some(Failure::Config(_))));
    let steps = EnvSpec {
        action_space: ActionSpace::Steps,
        ..spec(2, 1, 1)
    };
    let Some(Failure::Config(m)) = bad(steps) else {
        panic!("steps accepted for Sequence Dice")
    };
    assert!(m.contains("action_space"), "{m}");
}

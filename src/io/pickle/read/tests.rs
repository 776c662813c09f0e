use super::*;

fn run(bytes: &[u8]) -> Result<Pickled> {
    unpickle(bytes, Policy::Torch)
}

#[test]
fn reads_a_dict_of_ints_and_strings() {
    // pickle.dumps({'a': 1, 'b': 'x'}, protocol=2)
    let p = run(b"\x80\x02}q\x00(X\x01\x00\x00\x00aq\x01K\x01X\x01\x00\x00\x00bq\x02X\x01\x00\x00\x00xq\x03u.").unwrap();
    let Some(Node::Dict(items)) = p.node(p.root.as_ref().unwrap()) else { panic!("not a dict: {p:?}") };
    assert_eq!(items.len(), 2);
    assert_eq!(items[0], (Obj::Str("a".into()), Obj::Int(1)));
    assert_eq!(items[1], (Obj::Str("b".into()), Obj::Str("x".into())));
}

#[test]
fn refuses_os_system_by_name() {
    let e = run(b"\x80\x02cos\nsystem\nq\x00X\x01\x00\x00\x00xq\x01\x85q\x02Rq\x03.").unwrap_err();
    assert_eq!(e.message, "Trying to load unsupported GLOBAL os.system whose module os is blocked.");
    let e = run(b"\x80\x02cbuiltins\neval\nq\x00.").unwrap_err();
    assert!(e.message.starts_with("Unsupported global: GLOBAL eval was not an allowed global by default."), "{}", e.message);
    let e = unpickle(b"\x80\x02ccollections\nOrderedDict\n.", Policy::Plain).unwrap_err();
    assert!(e.message.contains("collections.OrderedDict"), "{}", e.message);
}

#[test]
fn memo_references_cost_one_word() {
    // A list, then 30 levels each holding the previous level 10 times.
    let mut b = b"\x80\x02]q\x00".to_vec();
    for level in 1..=30u8 {
        b.extend_from_slice(b"](");
        for _ in 0..10 {
            b.extend_from_slice(&[b'h', level - 1]);
        }
        b.extend_from_slice(&[b'e', b'q', level]);
    }
    b.push(b'.');
    let p = run(&b).unwrap();
    assert_eq!(p.nodes.len(), 31);
}

#[test]
fn deep_nesting_reads_in_constant_stack() {
    let mut b = b"\x80\x02".to_vec();
    b.extend(std::iter::repeat_n(b']', 100_000));
    b.extend(std::iter::repeat_n(b'a', 99_999));
    b.push(b'.');
    let p = run(&b).unwrap();
    assert_eq!(p.nodes.len(), 100_000);
}

#[test]
fn lengths_are_checked_before_allocating() {
    // BINUNICODE8 declaring 2^60 bytes.
    let mut b = b"\x80\x04\x8d".to_vec();
    b.extend_from_slice(&(1u64 << 60).to_le_bytes());
    assert_eq!(unpickle(&b, Policy::Plain).unwrap_err().message, "pickle data was truncated");
    // BINUNICODE (in PyTorch's set) declaring 4 GiB - 1.
    let mut b = b"\x80\x02X".to_vec();
    b.extend_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(run(&b).unwrap_err().message, "pickle data was truncated");
}

#[test]
fn every_unknown_opcode_is_refused_by_number() {
    let e = run(b"\x80\x02i__main__\nX\n.").unwrap_err();
    assert_eq!(e.message, "Unsupported operand 105");
}

#[test]
fn allowlist_is_small_and_exact() {
    let a = allowlist();
    assert_eq!(a.len(), 14);
    assert!(a.contains(&"torch.FloatStorage".to_string()));
    assert!(!a.iter().any(|g| g.starts_with("builtins") || g.starts_with("os")));
}

#[test]
fn torch_policy_takes_exactly_pytorchs_opcodes() {
    // LIST (`l`) is valid pickle but not in the weights-only unpickler.
    assert_eq!(run(b"\x80\x02(l.").unwrap_err().message, "Unsupported operand 108");
    // FRAME, a protocol-4 opcode.
    assert_eq!(run(b"\x80\x04\x95").unwrap_err().message, "Unsupported operand 149");
    assert_eq!(TORCH_OPCODES.len(), 34);
    // The plain policy (memory snapshots, protocol 4) takes them.
    assert!(unpickle(b"\x80\x04\x95\x02\x00\x00\x00\x00\x00\x00\x00(l.", Policy::Plain).is_ok());
}

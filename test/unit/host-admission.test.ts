// The browser host's admission gate: large messages one at a time across sockets, small ones never held back,
// a bounded number of messages in flight per socket, and nothing stuck when a socket goes away.
import { describe, expect, it } from 'vitest';
import { AdmissionGate } from '../../electron/host/admission';

class FakeSocket {
  paused = false;
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
}

const MB = 1024 * 1024;
const limits = { largeBytes: MB, large: 1, perSocket: 3 };

/** A gate with three sockets, each having started a 2 MB message. */
function threeStarted() {
  const gate = new AdmissionGate<FakeSocket>(limits);
  const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket()] as const;
  for (const s of sockets) gate.add(s);
  for (const s of sockets) gate.received(s, 2 * MB);
  return { gate, sockets };
}

describe('host admission gate', () => {
  it('admits one large message at a time; the next sender is paused until the first is answered', () => {
    const {
      gate,
      sockets: [a, b, c],
    } = threeStarted();
    expect([a.paused, b.paused, c.paused]).toEqual([false, true, true]);
    expect(gate.largeInUse).toBe(1);
    const doneA = gate.message(a, 60 * MB);
    expect(b.paused, 'still held while a is handled').toBe(true);
    doneA();
    expect([b.paused, c.paused]).toEqual([false, true]);
    gate.message(b, 60 * MB)();
    expect(c.paused).toBe(false);
    gate.message(c, 60 * MB)();
    expect(gate.largeInUse).toBe(0);
  });

  it('small messages pass while a large one holds the place', () => {
    const gate = new AdmissionGate<FakeSocket>(limits);
    const [big, small] = [new FakeSocket(), new FakeSocket()];
    gate.add(big);
    gate.add(small);
    gate.received(big, 5 * MB);
    gate.received(small, 200);
    expect(small.paused).toBe(false);
    gate.message(small, 200)();
    expect(gate.largeInUse).toBe(1);
  });

  it('a socket with perSocket messages in flight is paused until one is answered', () => {
    const gate = new AdmissionGate<FakeSocket>(limits);
    const s = new FakeSocket();
    gate.add(s);
    const done = [gate.message(s, 10), gate.message(s, 10)];
    expect(s.paused).toBe(false);
    done.push(gate.message(s, 10));
    expect(s.paused).toBe(true);
    done[0]!();
    done[0]!();
    expect(s.paused).toBe(false);
  });

  it('a socket that closes gives back its place and leaves the queue', () => {
    const {
      gate,
      sockets: [a, b, c],
    } = threeStarted();
    gate.remove(b);
    gate.remove(a);
    expect(c.paused).toBe(false);
    expect(gate.largeInUse).toBe(1);
    gate.remove(c);
    expect(gate.largeInUse).toBe(0);
  });
});

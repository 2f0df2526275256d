/**
 * A promise settled in a task of its own: a message to ourselves (setTimeout's is clamped to 4 ms), over
 * one channel for every caller — making a channel per call was a tenth of the cost of the first
 * screen's pieces (shared/ui/later.tsx) on a slow phone.
 */
let channel: MessageChannel | undefined;
const messaged: (() => void)[] = [];
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => messaged.shift()?.();
      // Node's ports (unit tests) would otherwise keep the process alive.
      (channel.port1 as { unref?: () => void }).unref?.();
    }
    messaged.push(resolve);
    channel.port2.postMessage(null);
  });

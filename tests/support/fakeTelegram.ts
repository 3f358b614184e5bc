/**
 * A fake Telegram Bot API on loopback, for the Telegram commands (docs/protocol.md "Alerts
 * lifecycle"): a destination's `apiBase` points here. It keeps what the server sent (sendMessage with
 * its buttons, answerCallbackQuery), and hands out the button presses a test queues through
 * getUpdates, honouring `offset` as Telegram does (an update asked past is gone).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TelegramCall {
  method: string;
  token: string;
  body: Record<string, unknown>;
}

export interface FakeTelegram {
  /** The apiBase to configure. */
  url: string;
  calls: TelegramCall[];
  /** Queues a press of the button with `data` by `user` in `chatId`. */
  press(data: string, chatId: number | string, user: { id: number; username?: string; first_name?: string }): void;
  /** The messages sent to a chat, in order. */
  messages(chatId?: string): { text: string; buttons: string[] }[];
  waitFor(method: string, count: number, timeoutMs?: number): Promise<TelegramCall[]>;
  close(): Promise<void>;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const calls: TelegramCall[] = [];
  const updates: { update_id: number; callback_query: unknown }[] = [];
  let nextUpdate = 1;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // An empty or broken body is kept as none.
      }
      if (!match?.[1] || !match[2]) {
        response.writeHead(404).end('{"ok":false}');
        return;
      }
      calls.push({ method: match[2], token: match[1], body });
      let result: unknown = true;
      if (match[2] === 'getUpdates') {
        const offset = typeof body.offset === 'number' ? body.offset : 0;
        // Asking from an offset confirms everything before it: Telegram drops those.
        while (updates.length > 0 && (updates[0]?.update_id ?? 0) < offset) updates.shift();
        result = updates.slice(0, 100);
      } else if (match[2] === 'sendMessage') {
        result = { message_id: calls.length };
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    press(data, chatId, user) {
      const id = nextUpdate++;
      updates.push({ update_id: id, callback_query: { id: `cb${id}`, from: user, data, message: { message_id: 1, chat: { id: chatId } } } });
    },
    messages(chatId) {
      return calls
        .filter((c) => c.method === 'sendMessage' && (chatId === undefined || String(c.body.chat_id) === chatId))
        .map((c) => {
          const markup = c.body.reply_markup as { inline_keyboard?: { text: string }[][] } | undefined;
          return { text: String(c.body.text), buttons: (markup?.inline_keyboard ?? []).flat().map((b) => b.text) };
        });
    },
    async waitFor(method, count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = calls.filter((c) => c.method === method);
        if (got.length >= count) return got;
        if (Date.now() > deadline) throw new Error(`${method}: ${got.length} of ${count} calls after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

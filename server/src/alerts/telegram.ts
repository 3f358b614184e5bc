/**
 * Telegram both ways (docs/protocol.md "Alerts lifecycle"): a Telegram destination with commands on
 * gets its firing messages with two buttons, "Acknowledge" and "Silence 1 h" (send.ts); this polls
 * each such bot's updates (getUpdates at its apiBase) and applies a press only when it comes from
 * that destination's own chat, in the name of the Telegram user who pressed, then answers in the
 * chat. A press from any other chat is ignored and logged. Every answer from Telegram is checked
 * with zod: what does not parse is logged and skipped. Its requests are held to the destination
 * policy, the deadline and a size bound, as deliveries are (outbound.ts).
 */
import { TELEGRAM_ANSWER_MAX_BYTES, TELEGRAM_ERROR_LOG_MS, TELEGRAM_UPDATES_MAX } from '../../../src/config/alertDelivery.ts';
import { telegramBase } from '../../../src/domain/alertDelivery.ts';
import { z } from '../../../src/contract/zod.ts';
import { failureText, isRequestFailure, postJson, type DestinationPolicy } from './outbound.ts';
import type { StoredDestination } from './repo.ts';

/** A button's data: what it does and to which alert ("ack:<id>", "sil:<id>"; Telegram allows 64 bytes). */
export const telegramButtons = (alertId: string) => [
  [
    { text: 'Acknowledge', callback_data: `ack:${alertId}` },
    { text: 'Silence 1 h', callback_data: `sil:${alertId}` },
  ],
];

const Update = z.object({
  update_id: z.number().int(),
  callback_query: z
    .object({
      id: z.string(),
      from: z.object({ id: z.number(), username: z.string().optional(), first_name: z.string().optional() }),
      data: z.string().max(64).optional(),
      message: z.object({ chat: z.object({ id: z.union([z.number(), z.string()]) }) }).optional(),
    })
    .optional(),
});
const Updates = z.object({ ok: z.literal(true), result: z.array(z.unknown()) });

export type TelegramCommand = 'ack' | 'silence';

export interface TelegramPress {
  command: TelegramCommand;
  alertId: string;
  /** "@amy (Telegram)", or the first name when the user has no username. */
  by: string;
}

export interface TelegramOptions {
  destinations: () => readonly StoredDestination[];
  /** Applies a press; resolves with what to say in the chat. */
  apply: (press: TelegramPress) => Promise<string>;
  log: { warn: (fields: object, message: string) => void; error: (fields: object, message: string) => void };
  now: () => number;
  timeoutMs: number;
  /** Where a bot's apiBase may be (outbound.ts): the poller is held to the deliveries' policy. */
  policy: DestinationPolicy;
}

const base = (d: StoredDestination) => `${telegramBase(d.apiBase)}/bot${d.botToken ?? ''}`;

/** Reads a press's data: a known command and an alert id, else null. */
export function pressOf(data: string | undefined): { command: TelegramCommand; alertId: string } | null {
  const match = /^(ack|sil):([A-Za-z0-9_-]{1,60})$/.exec(data ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { command: match[1] === 'ack' ? 'ack' : 'silence', alertId: match[2] };
}

export class TelegramCommands {
  /** The next update each bot is asked for, by destination id (Telegram forgets what is asked past). */
  private readonly offsets = new Map<string, number>();
  private readonly lastErrorLog = new Map<string, number>();
  private running = false;

  constructor(private readonly options: TelegramOptions) {}

  /** One round: every enabled Telegram destination with commands on, one after the other. */
  async poll(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const destination of this.options.destinations()) {
        if (destination.kind !== 'telegram' || !destination.enabled || !destination.commands || !destination.botToken) continue;
        await this.pollOne(destination).catch((err: unknown) => this.failed(destination, err));
      }
    } finally {
      this.running = false;
    }
  }

  private async pollOne(destination: StoredDestination): Promise<void> {
    const offset = this.offsets.get(destination.id);
    const body = { ...(offset === undefined ? {} : { offset }), timeout: 0, limit: TELEGRAM_UPDATES_MAX, allowed_updates: ['callback_query'] };
    const answer = Updates.safeParse(await this.call(destination, 'getUpdates', body));
    if (!answer.success) throw new Error('getUpdates did not answer ok');
    for (const raw of answer.data.result) {
      const update = Update.safeParse(raw);
      if (!update.success) {
        this.options.log.warn({ destinationId: destination.id }, 'a Telegram update that could not be read was skipped');
        continue;
      }
      this.offsets.set(destination.id, Math.max(this.offsets.get(destination.id) ?? 0, update.data.update_id + 1));
      const query = update.data.callback_query;
      if (!query) continue;
      const chatId = query.message?.chat.id;
      if (chatId === undefined || String(chatId) !== destination.chatId) {
        // Someone else's chat (the bot was added elsewhere, or the data was forged): never applied.
        this.options.log.warn(
          { destinationId: destination.id, chatId: chatId === undefined ? null : String(chatId), userId: query.from.id },
          'a Telegram button press from another chat was ignored',
        );
        continue;
      }
      const press = pressOf(query.data);
      if (!press) continue;
      const by = `${query.from.username ? `@${query.from.username}` : (query.from.first_name ?? `user ${query.from.id}`)} (Telegram)`;
      const reply = await this.options.apply({ ...press, by });
      await this.call(destination, 'answerCallbackQuery', { callback_query_id: query.id, text: reply.slice(0, 200) });
      await this.call(destination, 'sendMessage', { chat_id: destination.chatId, text: reply });
    }
  }

  /**
   * One Bot API call, within the destination policy and the deadline (outbound.ts); the answer is
   * parsed, so it is read whole, up to TELEGRAM_ANSWER_MAX_BYTES: a bigger one fails the poll.
   */
  private async call(destination: StoredDestination, method: string, body: unknown): Promise<unknown> {
    const { policy, timeoutMs } = this.options;
    const answer = await postJson(`${base(destination)}/${method}`, body, { policy, timeoutMs, maxBytes: TELEGRAM_ANSWER_MAX_BYTES });
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${method} answered ${answer.status}`);
    if (!answer.complete) throw new Error(`${method} answered more than ${TELEGRAM_ANSWER_MAX_BYTES} bytes, or was cut off`);
    try {
      return JSON.parse(answer.body.toString('utf8')) as unknown;
    } catch {
      throw new Error(`${method} did not answer JSON`);
    }
  }

  /** Logged without the URL (it holds the bot's token), at most once a minute per bot. */
  private failed(destination: StoredDestination, err: unknown): void {
    const now = this.options.now();
    if (now - (this.lastErrorLog.get(destination.id) ?? -Infinity) < TELEGRAM_ERROR_LOG_MS) return;
    this.lastErrorLog.set(destination.id, now);
    // The request's own failures in the deliveries' words (a refusal by policy, a timeout, no
    // connection), never an errno message naming the address; anything else as it was said.
    const reason = isRequestFailure(err) ? failureText(err) : err instanceof Error ? err.message : 'failed';
    this.options.log.error({ destinationId: destination.id, reason }, 'Telegram commands: the bot could not be read');
  }
}

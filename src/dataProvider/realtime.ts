/**
 * react-admin's realtime data provider API (its "Realtime" documentation): subscribe, unsubscribe
 * and publish on topics `resource/{name}` and `resource/{name}/{id}`, events
 * `{ type: 'created' | 'updated' | 'deleted', payload: { ids } }`. The socket feeds it (see
 * kit/liveWiring.ts); screens listen through the hooks in kit/realtimeHooks.ts.
 */
import type { Identifier } from 'react-admin';

export type RealtimeEventType = 'created' | 'updated' | 'deleted';

export interface RealtimeEvent {
  type: RealtimeEventType;
  topic?: string;
  payload: { ids: Identifier[] };
  date?: Date;
}

export type RealtimeCallback = (event: RealtimeEvent) => void;

export interface RealtimeMethods {
  subscribe: (topic: string, callback: RealtimeCallback) => Promise<{ data: null }>;
  unsubscribe: (topic: string, callback: RealtimeCallback) => Promise<{ data: null }>;
  publish: (topic: string, event: RealtimeEvent) => Promise<{ data: null }>;
}

export const listTopic = (resource: string) => `resource/${resource}`;
export const recordTopic = (resource: string, id: Identifier) => `resource/${resource}/${String(id)}`;

/** An in-page channel: publish tells every callback of the topic, each isolated from the others' errors. */
export function createRealtimeChannel(logger: Pick<Console, 'error'> = console): RealtimeMethods {
  const topics = new Map<string, Set<RealtimeCallback>>();
  const done = Promise.resolve({ data: null });
  return {
    subscribe(topic, callback) {
      let callbacks = topics.get(topic);
      if (!callbacks) topics.set(topic, (callbacks = new Set()));
      callbacks.add(callback);
      return done;
    },
    unsubscribe(topic, callback) {
      const callbacks = topics.get(topic);
      callbacks?.delete(callback);
      if (callbacks?.size === 0) topics.delete(topic);
      return done;
    },
    publish(topic, event) {
      const stamped: RealtimeEvent = { ...event, topic, date: event.date ?? new Date() };
      for (const callback of [...(topics.get(topic) ?? [])]) {
        try {
          callback(stamped);
        } catch (error) {
          logger.error(`realtime subscriber of ${topic} failed:`, error);
        }
      }
      return done;
    },
  };
}

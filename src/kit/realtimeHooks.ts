/**
 * Hooks over the data provider's realtime API (react-admin's realtime documentation names them
 * useSubscribe, useSubscribeToRecord and useSubscribeToRecordList): a screen listens to a topic
 * for as long as it is mounted. The callback may change between renders without resubscribing.
 */
import { useContext, useEffect, useRef } from 'react';
import { DataProviderContext, useRecordContext, useResourceContext, type Identifier } from 'react-admin';
import { listTopic, recordTopic, type RealtimeCallback, type RealtimeMethods } from '../dataProvider/realtime.ts';

function realtimeOf(dataProvider: unknown): RealtimeMethods | null {
  const candidate = dataProvider as Partial<RealtimeMethods> | null;
  return typeof candidate?.subscribe === 'function' && typeof candidate.unsubscribe === 'function' ? (candidate as RealtimeMethods) : null;
}

export function useSubscribe(topic: string | undefined, callback: RealtimeCallback): void {
  // The provider itself, not useDataProvider's proxy: a subscription is not a call that can fail a session.
  const realtime = realtimeOf(useContext(DataProviderContext));
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!realtime || topic === undefined) return undefined;
    const listener: RealtimeCallback = (event) => latest.current(event);
    void realtime.subscribe(topic, listener);
    return () => {
      void realtime.unsubscribe(topic, listener);
    };
  }, [realtime, topic]);
}

/** Events about one record (the record in context by default). */
export function useSubscribeToRecord(callback: RealtimeCallback, resource?: string, id?: Identifier): void {
  const contextResource = useResourceContext();
  const record = useRecordContext();
  const name = resource ?? contextResource;
  const recordId = id ?? record?.id;
  useSubscribe(name === undefined || recordId === undefined ? undefined : recordTopic(name, recordId), callback);
}

/** Events about any record of a resource (the resource in context by default). */
export function useSubscribeToRecordList(callback: RealtimeCallback, resource?: string): void {
  const contextResource = useResourceContext();
  const name = resource ?? contextResource;
  useSubscribe(name === undefined ? undefined : listTopic(name), callback);
}

/**
 * Timeline events (docs/protocol.md "Timeline") as a chart's markers: what happened over a chart's
 * range, each mark naming its time, kind and sentence. The charts draw marks of health, workers and
 * alerts only: those say why the figures moved, while a failed trade is already one of the figures,
 * and the operators' actions are the user log's.
 */
import { useMemo } from 'react';
import type { ChartColor, TimeChartMarker } from '../charts/index.ts';
import type { TimelineKind } from '../config/enums.ts';
import { TIMELINE_MAX_RANGE_MS } from '../config/timeline.ts';
import type { TimelineEvent } from '../contract/index.ts';
import { useTimelineWindow } from '../dataProvider/index.ts';
import { TIMELINE_KIND_WORD, TIMELINE_SEVERITY_COLOUR } from './timelineWords.ts';
import { useFormatTime } from './timeZone.ts';

export const CHART_MARKER_KINDS: readonly TimelineKind[] = ['health', 'worker', 'alert'];

export function markersOf(events: readonly TimelineEvent[], formatTime: (ms: number) => string): TimeChartMarker[] {
  return events.map((event) => ({
    at: event.at,
    label: `${formatTime(event.at)}, ${TIMELINE_KIND_WORD[event.kind]}: ${event.text}`,
    color: (event.severity ? TIMELINE_SEVERITY_COLOUR[event.severity] : 'primary') satisfies ChartColor,
  }));
}

/**
 * The markers of [from, to] (ms, both included; the latest TIMELINE_MAX_RANGE_MS of a longer range);
 * none while loading, when the backend keeps no timeline (404) or when it failed: the chart is
 * whole without them. `live`: asked again every TIMELINE_REFRESH_MS while in view (a chart that
 * reaches now).
 */
export function useTimelineMarkers(range: { from: number; to: number } | null, { live = false } = {}): TimeChartMarker[] {
  const formatTime = useFormatTime();
  const filter = range === null ? null : { from: Math.max(range.from, range.to - TIMELINE_MAX_RANGE_MS), to: range.to, kinds: CHART_MARKER_KINDS };
  const answer = useTimelineWindow(filter, live);
  const events = answer.data?.provided ? answer.data.data.data : null;
  return useMemo(() => (events ? markersOf(events, formatTime) : []), [events, formatTime]);
}

/**
 * A TimeChart's markers: one small button per moment on the plot's time axis, with a line down the
 * plot, that says what happened when hovered or focused (its name, and a tooltip). Marks closer than
 * MERGE_PX are one button listing them all, so a busy range stays readable and every mark stays a
 * target a finger can hit.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LazyTooltip } from '../ui/LazyTooltip.tsx';
import { chartTheme } from './theme.ts';
import type { ChartColor, TimeChartMarker } from './types.ts';

/** Where the plot is inside the chart's box, and the times at its left and right edges. */
export interface PlotGeometry {
  left: number;
  top: number;
  width: number;
  height: number;
  min: number;
  max: number;
}

/** A mark's target: at least 24 px square (WCAG 2.5.8). */
const TARGET_PX = 24;
const MERGE_PX = 16;
/** What a merged mark's tooltip lists at most; the rest are counted. */
const LISTED = 6;
const SEVERITY: readonly ChartColor[] = ['error', 'warning', 'info', 'success', 'primary', 'secondary'];

interface Group {
  x: number;
  markers: TimeChartMarker[];
}

/**
 * The marks by where they fall. A chart's last point is the start of its last bucket, so what
 * happened during that bucket (`slackMs` after it) is marked at the right edge rather than left out.
 */
function grouped(markers: readonly TimeChartMarker[], g: PlotGeometry, slackMs: number): Group[] {
  if (g.max <= g.min || g.width <= 0) return [];
  const groups: Group[] = [];
  const inRange = markers.filter((m) => m.at >= g.min && m.at < g.max + slackMs).sort((a, b) => a.at - b.at);
  for (const marker of inRange) {
    const x = g.left + ((Math.min(marker.at, g.max) - g.min) / (g.max - g.min)) * g.width;
    const last = groups.at(-1);
    if (last && x - last.x < MERGE_PX) last.markers.push(marker);
    else groups.push({ x, markers: [marker] });
  }
  return groups;
}

const worst = (markers: readonly TimeChartMarker[]): ChartColor =>
  markers.map((m) => m.color).sort((a, b) => SEVERITY.indexOf(a) - SEVERITY.indexOf(b))[0] ?? 'primary';

/** The mark's words: its event, or how many and the latest of them, newest first. */
function lines(markers: readonly TimeChartMarker[]): string[] {
  if (markers.length === 1) return [markers[0]?.label ?? ''];
  const listed = markers.slice(-LISTED).reverse().map((m) => m.label);
  const more = markers.length - listed.length;
  return [`${markers.length} events:`, ...listed, ...(more > 0 ? [`and ${more} earlier`] : [])];
}

export function ChartMarkers({ markers, geometry, slackMs }: { markers: readonly TimeChartMarker[]; geometry: PlotGeometry; slackMs: number }) {
  const theme = useTheme();
  const t = chartTheme(theme);
  const groups = grouped(markers, geometry, slackMs);
  if (groups.length === 0) return null;
  return (
    // A mark's target reaches past a plot at the chart's right edge: clipped sideways, so a phone never scrolls for it.
    <Box role="group" aria-label="What happened on this chart" sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflowX: 'clip' }}>
      {groups.map((group) => {
        const colour = t.color(worst(group.markers));
        const said = lines(group.markers);
        const text = said.length === 1 ? (said[0] ?? '') : `${said[0]} ${said.slice(1).join('; ')}`;
        return (
          <Box key={`${group.markers[0]?.at}:${group.x}`} sx={{ position: 'absolute', left: group.x, top: geometry.top, height: geometry.height }}>
            <Box aria-hidden="true" sx={{ position: 'absolute', left: 0, top: 0, bottom: 0, borderLeft: `1px dashed ${colour}`, opacity: 0.8 }} />
            <LazyTooltip title={<Box sx={{ whiteSpace: 'pre-line' }}>{said.join('\n')}</Box>}>
              <Box
                component="button"
                type="button"
                aria-label={text}
                sx={{
                  pointerEvents: 'auto',
                  position: 'absolute',
                  left: -TARGET_PX / 2,
                  top: -TARGET_PX / 2 + 2,
                  width: TARGET_PX,
                  height: TARGET_PX,
                  p: 0,
                  border: 0,
                  background: 'transparent',
                  cursor: 'help',
                  display: 'grid',
                  placeItems: 'center',
                  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 0, borderRadius: '4px' },
                }}
              >
                <Box
                  component="span"
                  sx={{ width: 10, height: 10, transform: 'rotate(45deg)', bgcolor: colour, border: `1px solid ${theme.palette.background.paper}` }}
                />
              </Box>
            </LazyTooltip>
          </Box>
        );
      })}
    </Box>
  );
}

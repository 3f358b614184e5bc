/**
 * A long text in a cell or a line (an error message, an id, a route): on one line, cut with an
 * ellipsis where it does not fit, whole on hover (its title) and on focus (a tooltip, and the text as
 * the focused element's description). Only a text that is cut takes a place in the tab order.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

export interface CutTextProps {
  /** The whole text. */
  text: string;
  /** What the line shows when not the text itself (an id shortened to its start); then it counts as cut. */
  shown?: ReactNode;
  /** The widest the line grows (px or a CSS length); unbounded: as wide as its container lets it. */
  maxWidth?: number | string;
  mono?: boolean;
}

export function CutText({ text, shown, maxWidth, mono = false }: CutTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const shortened = shown !== undefined && shown !== text;
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || shortened) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    // The web font may land after the first layout and widen the text within the same box.
    void document.fonts?.ready.then(measure);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, shortened]);
  const cut = shortened || overflows;
  const line = (
    <Box
      component="span"
      ref={ref}
      className="cut-text"
      tabIndex={cut ? 0 : undefined}
      sx={{
        display: 'block',
        maxWidth,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        ...(mono ? { fontFamily: 'monospace', fontSize: 12 } : {}),
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
      }}
    >
      {shown ?? text}
    </Box>
  );
  // One structure whether cut or not (a remount would lose the measure): uncut, the wrapper's title
  // says the text; cut, the tooltip does (as the line's title while closed, its description when open).
  return (
    <span title={cut ? undefined : text}>
      <Tooltip title={cut ? text : ''} describeChild>
        {line}
      </Tooltip>
    </span>
  );
}

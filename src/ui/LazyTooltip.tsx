/**
 * A MUI Tooltip that costs nothing until it is wanted: until the pointer first enters the child or
 * the child takes focus, only the child renders; from then on a Tooltip is mounted beside it,
 * anchored to it. Live widgets re-render many times a second, and a Tooltip per button would make
 * each of those renders several times dearer (bench/firehose.bench.ts).
 *
 * The child is never re-parented (the Tooltip sits next to it, not around it), so arming it does not
 * re-mount the button under a pointer that is about to click it or take focus from a keyboard user.
 * The child is described by the tooltip while it shows (MUI's describeChild).
 */
import {
  cloneElement, useId, useRef, useState, type FocusEvent, type MouseEvent, type ReactElement, type ReactNode, type Ref,
} from 'react';
import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';
import useForkRef from '@mui/utils/useForkRef';

type ChildProps = {
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
  ref?: Ref<HTMLElement>;
};

export interface LazyTooltipProps {
  title: ReactNode;
  children: ReactElement<ChildProps>;
  /** Kept for call sites written against MUI's Tooltip: the child is always described, never labelled. */
  describeChild?: boolean;
  slotProps?: TooltipProps['slotProps'];
}

const HIDDEN_ANCHOR = { display: 'none' } as const;

export function LazyTooltip({ title, children, slotProps }: LazyTooltipProps) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const node = useRef<HTMLElement>(null);
  const ref = useForkRef(children.props.ref, node);
  const id = useId();
  const show = () => {
    setArmed(true);
    setOpen(true);
  };
  const child = cloneElement(children, {
    ref,
    'aria-describedby': open ? id : children.props['aria-describedby'],
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseEnter?.(event);
      show();
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseLeave?.(event);
      setOpen(false);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      children.props.onFocus?.(event);
      show();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      children.props.onBlur?.(event);
      setOpen(false);
    },
  });
  return (
    <>
      {child}
      {armed ? (
        <Tooltip
          id={id}
          title={title}
          open={open}
          disableHoverListener
          disableFocusListener
          disableTouchListener
          slotProps={{ ...slotProps, popper: { ...slotProps?.popper, anchorEl: node.current } }}
        >
          <span style={HIDDEN_ANCHOR} />
        </Tooltip>
      ) : null}
    </>
  );
}

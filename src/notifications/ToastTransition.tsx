/**
 * notistack's toast transition without measuring: its default Slide reads each toast's bounding box
 * and forces a reflow on every enter and exit, which under a burst of trades was a steady cost on the
 * main thread (issue #6 firehose). This one shows a toast at once, with a CSS fade-in that needs no
 * layout read (TOAST_KEYFRAMES, installed by NotificationsProvider), and removes it at once.
 */
import { cloneElement, forwardRef, useRef, type CSSProperties, type ReactElement, type Ref, type RefObject } from 'react';
import useForkRef from '@mui/utils/useForkRef';
import { Transition, type TransitionProps } from 'notistack';

export const TOAST_KEYFRAMES_NAME = 'console-toast-in';
export const TOAST_KEYFRAMES = {
  [`@keyframes ${TOAST_KEYFRAMES_NAME}`]: { from: { opacity: 0 }, to: { opacity: 1 } },
};
const ENTER_ANIMATION = `${TOAST_KEYFRAMES_NAME} 150ms ease-out`;

type ChildProps = { style?: CSSProperties; ref?: Ref<HTMLDivElement> };

export const ToastTransition = forwardRef<HTMLDivElement, TransitionProps & { children: ReactElement<ChildProps> }>(function ToastTransition(
  { children, in: inProp, appear = true, onEnter, onEntered, onExit, onExited },
  ref,
) {
  const nodeRef = useRef<HTMLDivElement>(null);
  const handleRef = useForkRef(children.props.ref, nodeRef, ref);
  return (
    <Transition
      in={inProp}
      appear={appear}
      timeout={0}
      // notistack's types predate React 19's nullable RefObject; the ref is filled before any callback.
      nodeRef={nodeRef as RefObject<HTMLDivElement>}
      onEnter={onEnter}
      onEntered={onEntered}
      onExit={onExit}
      onExited={onExited}
    >
      {(status: string, childProps: Record<string, unknown>) =>
        cloneElement(children, {
          ...childProps,
          ref: handleRef,
          style: {
            ...children.props.style,
            animation: status === 'exiting' || status === 'exited' ? undefined : ENTER_ANIMATION,
            visibility: status === 'exited' && !inProp ? 'hidden' : undefined,
          },
        })
      }
    </Transition>
  );
});

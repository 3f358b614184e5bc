/** Business constants of §9 (and the few of §2/§7 that are numbers). Each lives here once. */

export const APP_VERSION = '0.0.1'; // §1
export const APP_LABEL = 'Operator Console'; // §1 build label

/** §9 Session length: 60 min minus 1 s. */
export const SESSION_MS = 60 * 60 * 1000 - 1000;
/** §9 Countdown turns warning under 10 min, danger under 5 min. */
export const COUNTDOWN_WARNING_MS = 10 * 60 * 1000;
export const COUNTDOWN_DANGER_MS = 5 * 60 * 1000;

/** §9 / §7 API timeouts. */
export const API_TIMEOUT_MS = 10_000;
export const SOLANA_IMPORT_TIMEOUT_MS = 10 * 60 * 1000;
/** §7 REST base path. */
export const API_BASE_PATH = '/api';

/** §9 Socket ping interval and reconnect delay. */
export const SOCKET_PING_MS = 4500;
export const RECONNECT_DELAY_MS = 5000;
/** §7 While the session timer is above 0 the page pings its own origin this often. */
export const ORIGIN_PING_MS = 60_000;

/** §9 Transaction toasts auto-close. */
export const TX_TOAST_AUTOCLOSE_MS = 10_000;
/** §8 Error-code toast closes after 10 s. */
export const ERROR_CODE_TOAST_MS = 10_000;
/** §9 notify with autoClose 60000 plays dindilin 14..21 times, 50 ms apart. */
export const LONG_NOTIFY_AUTOCLOSE = 60_000;
export const DINDILIN_MIN_TIMES = 14;
export const DINDILIN_MAX_TIMES = 21;
export const DINDILIN_INTERVAL_MS = 50;
/** §9 Profit sound thresholds. */
export const PROFIT_MIN_EXPECTED = 0.5;
export const PROFIT_MIN_GAIN = 0.5;
/** §9 beep plays twice, 200 ms apart. */
export const BEEP_REPEAT_GAP_MS = 200;
/** §9 Default volume (volumeSlider) and per-sound factors. */
export const DEFAULT_VOLUME = 1;
export const VOLUME_STORAGE_KEY = 'volumeSlider';

/** §2/§9 Splash prompt delay and worker dialog close delay. */
export const SPLASH_PROMPT_DELAY_MS = 4000;
export const SPLASH_PROMPT_TEXT = '[ press anywhere to continue ]';
export const WORKER_DIALOG_CLOSE_MS = 250;

/** §2 Decorative background: default 18 s, effective range 1..19 s. */
export const BACKGROUND_DEFAULT_S = 18;
export const BACKGROUND_MIN_S = 1;
export const BACKGROUND_MAX_S = 19;

/** §2 Dialog width overrides apply only above these. */
export const MESSAGE_DIALOG_MIN_WIDTH_OVERRIDE = 100;
export const INPUT_DIALOG_MIN_WIDTH_OVERRIDE = 400;

/** §2/§9 Floating windows and the quote widget. */
export const MAX_FLOATING_PANELS = 2;
export const WINDOW_DEFAULT_WIDTH = 360;
export const WINDOW_DEFAULT_HEIGHT = 500;
export const WINDOW_DEFAULT_X = 30;
export const WINDOW_TWO_PANEL_WIDTH = 650;
export const WINDOW_Z_INDEX = 10000;
export const QUOTE_TIMER_REFRESH_MS = 300;
export const TOKEN_PICKER_LIMIT = 20;
export const AMOUNT_OUT_SIGNIFICANT_DIGITS = 12;
export const PERCENT_DIFF_DECIMALS = 2;
/**
 * A quote whose block is more than this many blocks behind its network's head is stale: marked so,
 * and none of its routes is called Best. The product states no figure; 20 blocks is four minutes on
 * Ethereum and seconds on the fastest chains, where a quote refreshes every few seconds anyway.
 */
export const QUOTE_STALE_BLOCKS = 20;
export const ROUTE_LIST_MAX_HEIGHT = 256;

/**
 * The most rows one CSV export holds (the console's own bound): every row is kept in the browser's
 * memory until the file is written, and each 500 of them is a list read on the server. 100,000 is
 * the demo database's whole transaction table, a few tens of megabytes; more asks to narrow first.
 */
export const EXPORT_ROWS_MAX = 100_000;

/**
 * A connected service the backend has not heard from for longer than this is silent, not healthy
 * (docs/protocol.md "Shapes", ConnectedServices.services).
 */
export const SERVICE_SILENT_AFTER_MS = 30_000;

/** §6 Storage keys. */
export const API_KEY_STORAGE_KEY = 'USER_API_KEY';
export const RECONN_FLAG_STORAGE_KEY = 'reconn';
/** sessionStorage flag: the splash of this sign-in has been passed. */
export const SPLASH_SEEN_KEY = 'splashSeen';
/** localStorage: the header's choice of local time or UTC for every time shown, per browser. */
export const TIME_ZONE_STORAGE_KEY = 'timeZone';

/** §2 Text shown while a screen loads. */
export const LOADING_TEXT = 'Loading...';

/**
 * Benchmarks only: with this localStorage key set to '1' the status line is not drawn, so
 * bench/firehose.bench.ts measures event-to-paint without it in the same run. Never set in normal use.
 */
export const STATUS_LINE_OFF_KEY = 'bench:statusLineOff';

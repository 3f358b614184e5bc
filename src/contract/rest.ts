/** REST bodies of no resource: sign-in, errors, acknowledgements, misc settings, commands, restarts. */
import { SERVICES, WORKER_COMMANDS } from '../config/enums.ts';
import { alertRulesByKind } from './alertRules.ts';
import { z } from './zod.ts';

/**
 * Any string is a key to check: an empty or unknown one is refused, 401 invalid access key (docs/protocol.md "Login and the
 * session token").
 */
export const LoginRequest = z.object({ accessKey: z.string().max(512) });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ApiErrorBody = z.object({ error: z.string(), details: z.unknown().optional() });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** JWT payload: at least name, role and exp (seconds). */
export const SessionClaims = z.object({
  name: z.string(),
  role: z.string().default(''),
  exp: z.number(),
  iat: z.number().optional(),
  /** The server's name for the session, which sign-out revokes (POST /logout). */
  sid: z.string().optional(),
});
export type SessionClaims = z.infer<typeof SessionClaims>;

/** One entry of a 400 body's details: where (body, params, querystring), which field, what is wrong. */
export const ValidationIssue = z.object({ in: z.string(), field: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** Bodyless calls (workers start/stop, restarts): nothing, or an empty object. */
export const EmptyBody = z.object({}).strict().optional();

/** Acknowledgement of an action that has no record to return. */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/**
 * §7 PUT /settings/misc: sell only (anyone signed in), and the alert rules for everyone (the
 * server takes those from an Admin only); at least one of them. Built on call: only the server
 * parses it, and its rules matched by kind would cost the console's bundle (see alertRulesByKind).
 */
export const miscSettingsUpdateRequest = () =>
  z
    .object({
      updates: z
        .object({ sellOnly: z.boolean().optional(), alertRules: alertRulesByKind().optional() })
        .strict()
        .refine((updates) => updates.sellOnly !== undefined || updates.alertRules !== undefined, 'name sellOnly or alertRules'),
    })
    .strict();
export type MiscSettingsUpdateRequest = z.infer<ReturnType<typeof miscSettingsUpdateRequest>>;

/** The longest command text POST /command takes. */
export const COMMAND_MAX_CHARS = 64;

/** §7 POST /command {to, cmd}: a worker only takes the worker commands. */
export const CommandRequest = z
  .object({ to: z.enum(SERVICES), cmd: z.string().min(1).max(COMMAND_MAX_CHARS) })
  .strict()
  .superRefine((value, ctx) => {
    if (value.to === 'worker' && !(WORKER_COMMANDS as readonly string[]).includes(value.cmd)) {
      ctx.addIssue({ code: 'custom', path: ['cmd'], message: `must be one of ${WORKER_COMMANDS.join(', ')}` });
    }
  });
export type CommandRequest = z.infer<typeof CommandRequest>;

/** §7 POST /services/{service}/restart/scaling; the pair must match scalingTarget(service). */
export const ScalingRestartRequest = z
  .object({ deploymentName: z.string().min(1).max(128), namespace: z.string().min(1).max(128) })
  .strict();
export type ScalingRestartRequest = z.infer<typeof ScalingRestartRequest>;

/** DELETE of a token, bridge or Solana bridge entry. */
export const DeletedResponse = z.object({ ok: z.literal(true) });

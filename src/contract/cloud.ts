/** §7 cloud groups: PUT /aws/groups and POST /aws/restart. */
import { RecordName } from './base.ts';
import { distinct } from './builders.ts';
import { AwsGroup } from './shapes.ts';
import { z } from './zod.ts';

export const AwsGroupBody = z.looseObject({
  name: RecordName.max(128),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, 'an AWS region such as eu-central-1').optional(),
  instanceType: z.string().min(1).max(64).optional(),
  desired: z.number().int().min(0).max(1000).optional(),
  running: z.number().int().min(0).max(1000).optional(),
});

/** PUT /aws/groups: the whole list of cloud groups. */
export const AwsGroupsRequest = z.object({ groups: distinct(AwsGroupBody, (group) => group.name).max(100) }).strict();
export type AwsGroupsRequest = z.infer<typeof AwsGroupsRequest>;
export const AwsGroupsResponse = z.object({ ok: z.literal(true), groups: z.array(AwsGroup) });
export type AwsGroupsResponse = z.infer<typeof AwsGroupsResponse>;

/** POST /aws/restart: restart the instances of one existing group. */
export const AwsRestartRequest = z.object({ group: z.string().min(1).max(128) }).strict();
export type AwsRestartRequest = z.infer<typeof AwsRestartRequest>;

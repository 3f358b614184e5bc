/** Cloud groups (§7): PUT /aws/groups {groups} replaces the list; POST /aws/restart {group}. */
import { notFound } from '../lib/records.ts';
import type { ZodPlugin } from '../lib/zod.ts';
import { operationRoute } from '../lib/operationRoute.ts';
import { sessionOf } from '../plugins/auth.ts';
import { fieldChanges } from '../../../src/domain/userLogText.ts';

const awsRoutes: ZodPlugin = async (app) => {
  app.route({ ...operationRoute('setAwsGroups'), handler: async (request) => {
    const { groups } = request.body;
    await app.mutate(sessionOf(request).name, 'aws.groups', async (tx) => {
      const before = await tx.settings.get('awsGroups');
      await tx.settings.set('awsGroups', groups);
      const names = (list: readonly { name?: string }[]) => list.flatMap((group) => (group.name === undefined ? [] : [group.name]));
      const added = names(groups).filter((name) => !names(before).includes(name));
      const removed = names(before).filter((name) => !names(groups).includes(name));
      // In the groups kept, what changed, by group name ("eu-workers.desired").
      const keptByName = (list: readonly { name?: string }[]) =>
        Object.fromEntries(list.flatMap((group) => (group.name === undefined || added.includes(group.name) || removed.includes(group.name) ? [] : [[group.name, group]])));
      const changes = fieldChanges(keptByName(before), keptByName(groups));
      return { result: undefined, before, after: groups, details: { added, removed, changes } };
    });
    app.hub.broadcast('cloudUpdateDone', groups);
    return { ok: true as const, groups };
  } });

  app.route({ ...operationRoute('restartAwsGroup'), handler: async (request) => {
    const { group } = request.body;
    const user = sessionOf(request).name;
    await app.mutate(user, 'aws.restart', async (tx) => {
      const groups = await tx.settings.get('awsGroups');
      if (!groups.some((g) => g.name === group)) throw notFound('cloud group');
      return { result: undefined, details: { group } };
    });
    app.hub.broadcast('notify', { msg: `${user} restarted cloud group ${group}`, type: 'warning', autoClose: 5000 });
    return { ok: true as const };
  } });
};

export default awsRoutes;

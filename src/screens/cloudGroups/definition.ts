/**
 * Cloud groups as a resource (§7 /aws/groups; init.awsGroups and cloudUpdateDone, docs/protocol.md
 * "Server -> client events"): listed live from the socket, created, edited and deleted by sending
 * the whole list back in one PUT /aws/groups, which the server checks and broadcasts; a group
 * restarted with POST /aws/restart.
 * docs/architecture.md "Cloud groups, field by field" walks through this file and views.tsx.
 */
import CloudIcon from '@mui/icons-material/Cloud';
import { AwsGroupBody, type AwsGroup } from '../../contract/index.ts';
import { defineResource } from '../../kit/definition.ts';

type CloudGroup = AwsGroup & { id: string; name: string };
type Fields = Readonly<Record<string, unknown>>;
const named = (name: unknown) => (group: Fields) => group.name === name;

export const cloudGroups = defineResource<CloudGroup>({
  name: 'settings/cloudgroups',
  recordLabel: 'cloud group',
  idField: 'name',
  icon: CloudIcon,
  live: { collection: 'cloudGroups' },
  writes: ({ records, dataProvider }) => {
    const save = async (groups: Fields[], name: unknown) => {
      await dataProvider.setAwsGroups(groups.map((g) => AwsGroupBody.parse(g)));
      return { ...groups.find(named(name)) };
    };
    return {
      create: (data) => save([...records(), data], data.name),
      update: (id, data) => save(records().map((g) => (named(id)(g) ? data : g)), data.name),
      delete: (id) => save(records().filter((g) => !named(id)(g)), id),
    };
  },
  commands: [
    {
      name: 'restart',
      label: 'Restart',
      confirm: {
        title: 'Restart cloud group',
        message: (group) => `Restart every instance of cloud group ${group.name}? Work running on them is interrupted.`,
      },
      run: (dataProvider, group) => dataProvider.restartAwsGroup(group.name),
      outcome: (group) => `Restart of ${group.name}`,
    },
  ],
  defaultSort: { field: 'name', order: 'ASC' },
  views: () => import('./views.tsx'),
  // Each write sends the whole list as the live store has it; deletes in a row could send a list
  // the previous one's broadcast has not reached yet, putting a deleted group back.
  bulkDelete: false,
  recordRepresentation: (group) => group.name,
});

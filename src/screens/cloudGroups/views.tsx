/** The cloud group screens' parts, loaded with them (ResourceDefinition.views): the list's columns and search, the form. */
import { AwsGroupBody, type AwsGroup } from '../../contract/index.ts';
import type { FilterDef, ResourceViews } from '../../kit/definition.ts';
import { zodValidate } from '../../kit/zodValidate.ts';

type Views = ResourceViews<AwsGroup & { id: string; name: string }>;

export const columns: Views['columns'] = [
  { source: 'name', label: 'Name', priority: 'primary' },
  { source: 'region', label: 'Region' },
  { source: 'instanceType', label: 'Instance type' },
  { source: 'desired', label: 'Desired' },
  { source: 'running', label: 'Running' },
];

export const filters: FilterDef[] = [{ source: 'region', label: 'Region', kind: 'search' }];

export const fields: Views['fields'] = [
  { source: 'name', label: 'Name', kind: 'text', fixedOnEdit: true },
  { source: 'region', label: 'Region', kind: 'text', helperText: 'e.g. eu-central-1' },
  { source: 'instanceType', label: 'Instance type', kind: 'text' },
  { source: 'desired', label: 'Desired instances', kind: 'number' },
];

export const validate: Views['validate'] = zodValidate(AwsGroupBody);

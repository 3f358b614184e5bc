/**
 * What a resource is, said once (README "Adding a resource"), in one definition: its name and
 * route, the field that identifies a record, where its records come from (REST paths or a live
 * collection), how its list opens, the custom views where a generic one cannot serve, and the
 * lazy module of its view parts (columns, filters, form fields), whose keys are none of the
 * definition's. Who may do what and its title come from the access table. The kit (ResourceList,
 * ResourceForm) renders every definition with react-admin's own components; App.tsx registers one
 * <Resource> per definition.
 */
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { Exporter, GetListParams, Identifier, RaRecord, Validator } from 'react-admin';
import { resourceAccessOf, ROUTES, type ActionAccess, type ResourceActions, type ResourceName, type RouteEntry } from '../config/access.ts';
import type { CustomWrites } from '../dataProvider/resourceProvider.ts';
import type { AppDataProvider } from '../dataProvider/index.ts';
import type { CollectionName, LiveCollectionName } from '../realtime/index.ts';
import type { ColumnPriority } from '../ui/columnPriority.ts';

export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

export type { ActionAccess };

/** Who may do each action (ResourceActions of src/config/access.ts, with `list` its screen's access). */
export type ResourceAccess = Record<ResourceAction, ActionAccess> & Pick<ResourceActions, 'commands'>;

export type Fields = Readonly<Record<string, unknown>>;

export interface ColumnDef<R extends RaRecord = RaRecord> {
  source: string;
  label: string;
  render?: (record: R) => ReactNode;
  /** Sortable unless false; a live resource may sort a computed column through its views' `sortValue`. */
  sortable?: boolean;
  /** Hidden until chosen in the column chooser. */
  hidden?: boolean;
  /**
   * How much the column matters when room is short (src/ui/columnPriority.ts): 'primary'
   * identifies the row and stays at every width; 'high' (the default) is shown from 1280 px,
   * 'medium' from 1440 px, 'low' from 1920 px. Narrower, it starts hidden, still in the column chooser.
   */
  priority?: ColumnPriority;
  /**
   * Its place in the phone list (react-admin's SimpleList, below 600 px): the primary line (the
   * 'primary' column by default, else the record's name), or one of the secondary line's parts
   * (by default the first plain columns).
   */
  phone?: 'primary' | 'secondary' | 'none';
  /** The order of a first click on the header (amounts read largest first); ASC unless said. */
  sortByOrder?: 'ASC' | 'DESC';
  align?: 'left' | 'right';
}

export type FilterDef =
  | { source: string; label: string; kind: 'search'; placeholder?: string }
  | {
      source: string;
      label: string;
      kind: 'select';
      choices: readonly string[];
      emptyText: string;
      /** How a choice reads, when not as its value. */
      optionText?: (choice: string) => string;
    }
  /** An input of its own (a time range end...), given its `source`; always shown. */
  | { source: string; label: string; kind: 'custom'; input: ReactElement };

export type FieldDef =
  | {
      source: string;
      label: string;
      kind: 'text' | 'number' | 'select' | 'json';
      choices?: readonly string[];
      required?: boolean;
      validate?: Validator | Validator[];
      /** The record's name cannot change once created (tokenName, bridgeName...). */
      fixedOnEdit?: boolean;
      helperText?: string;
      multiline?: boolean;
    }
  | { source: string; label: string; kind: 'custom'; input: ReactElement };

/**
 * A call on one record offered in its row (a restart...): the kit asks Yes/No with `confirm`, calls
 * `run`, and says "{outcome} done." or "{outcome} failed: {the server's reason}" in a toast.
 */
export interface RecordCommand<R extends RaRecord = RaRecord> {
  /** The action name canAccess is asked about, answered by the resource's `access.commands` (deny when absent). */
  name: string;
  /** The button's text; its accessible name goes on with the record: "Restart workers-eu". */
  label: string;
  confirm: { title: string; message: (record: R) => string };
  run: (dataProvider: AppDataProvider, record: R) => Promise<unknown>;
  /** What was done, in words: "Restart of workers-eu". */
  outcome: (record: R) => string;
}

export interface ResourceDefinition<R extends RaRecord = RaRecord> {
  /** react-admin's resource name: the §2 route without its leading slash (`settings/tokens`). */
  name: string;
  /** The page title and menu item: the route's title in src/config/access.ts (defineResource fills it in). */
  label: string;
  /** One record in words, for buttons and messages: "token". */
  recordLabel: string;
  idField: string;
  icon: ComponentType;
  /** Who may do what: for the console's resources, their entry in src/config/access.ts (defineResource fills it in). */
  access: ResourceAccess;
  /** REST paths under /api (§7); list differs where §7 writes it so (`txs/`). */
  api?: { record: string; list?: string };
  /**
   * Records kept by the socket (docs/protocol.md "Server -> client events"), listed from the live
   * store; how a filter matches one and how a computed column sorts are the views' `matches` and `sortValue`.
   */
  live?: { collection: LiveCollectionName };
  /** Writes that are not the REST convention, over the data provider's custom methods. */
  writes?: (context: { records: () => readonly Fields[]; dataProvider: AppDataProvider }) => CustomWrites;
  /** A REST resource whose rows the socket announces (txs on txSent/txConfirmed): its list refreshes then. */
  refreshOn?: CollectionName;
  /**
   * false: the menu does not count this resource's changes made out of view ("…, 3 new changes"):
   * records that change all the time (trades as they move) would only count the traffic.
   */
  countsUnseen?: false;
  /**
   * The list's filter values (as react-admin keeps them, in the URL) to the filter the server takes;
   * applied by the data provider before a REST list request. By default sent as they are. Here and
   * not among the views: home reads trades through their route before any trade screen has loaded.
   */
  toServerFilter?: (filter: Fields) => Fields;
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  /** What the empty list says when no filter is set ("No user logs yet."); otherwise, and by default, "No {recordLabel}s match.". */
  emptyUnfiltered?: string;
  /** A Clear filters button empties every filter at once (lists with many filters). */
  clearFilters?: boolean;
  /** 'show': a row opens the record's page, /{name}/{id} (the show view). */
  rowClick?: 'show';
  /** An older address of the record's page, /{name}?{param}={id}, redirected to /{name}/{id}. */
  showQueryAlias?: string;
  perPage?: number;
  /** Confirmed calls on a record, each a button in its row. */
  commands?: RecordCommand<R>[];
  /** Said in the delete confirmation after "Delete {recordLabel} {id}?". */
  deleteConsequence?: string;
  /** Rows can be selected and deleted together where delete is allowed; false: one at a time only. */
  bulkDelete?: boolean;
  recordRepresentation: (record: R) => string;
  /** react-admin's views where the kit's cannot serve, each rendered instead of the kit's and given the definition; lazy. */
  list?: ComponentType<ResourceViewProps>;
  create?: ComponentType<ResourceViewProps>;
  edit?: ComponentType<ResourceViewProps>;
  show?: ComponentType<ResourceViewProps>;
  /**
   * The parts only a view needs, loaded with the view (the screen folder's views.tsx): the first
   * load then carries each definition, not its screens (the bundle budgets). The data provider
   * loads them too, before the first call of the resource, for `matches`, `sortValue` and `read`.
   */
  views?: () => Promise<ResourceViewsModule<R>>;
}

/** What the kit hands a definition's own view: the definition it renders, as registered. */
export interface ResourceViewProps {
  definition: ResourceDefinition;
}

/** What the kit's own views (list, create, edit) are given: the definition, and its view parts as loaded. */
export interface KitViewProps extends ResourceViewProps {
  views: ResourceViews;
}

/** The view parts of a resource, loaded lazily: none of its keys is a definition's (ResourceViewsModule). */
export interface ResourceViews<R extends RaRecord = RaRecord> {
  columns?: ColumnDef<R>[];
  filters?: FilterDef[];
  fields?: FieldDef[];
  /** Form values from a record (edit) and the body sent from form values (create and edit). */
  toForm?: (record: R | undefined) => Fields;
  toBody?: (values: Fields, record: R | undefined) => Fields;
  /** Whole-form rules, as react-admin's SimpleForm `validate`: errors by field. */
  validate?: (values: Fields) => Record<string, unknown>;
  /** Components in each row beside Edit and Delete (pins, history...). */
  rowActions?: ComponentType<{ record: R }>;
  /** Shown above the list (automation settings, imports...). */
  listAside?: ComponentType;
  /**
   * The CSV export of every filtered row (the kit's formula-escaping exporter otherwise), given them
   * all at once after they were read in pages of `exportPageSize` rows (LIST_MAX_PER_PAGE, the most
   * a list route answers, unless said); an export holds at most EXPORT_ROWS_MAX rows.
   */
  exporter?: Exporter;
  exportPageSize?: number;
  /** A live resource's filters (`q` the search box) against one record; by default each filter is an equality. */
  matches?: (record: R, filter: Fields) => boolean;
  /** A live resource's sort keys of computed columns. */
  sortValue?: (record: R, field: string) => unknown;
  /**
   * A list read through a custom call (§7) where neither REST's list convention nor the live
   * store holds every record: user logs page through POST /logs/more. Given react-admin's page,
   * sort and filter, and the live collections (what the socket has, newer than the server may say).
   */
  read?: (
    params: GetListParams,
    context: { dataProvider: AppDataProvider; collection: (name: LiveCollectionName) => readonly Fields[] },
  ) => Promise<{ data: readonly Fields[]; total: number }>;
}

/** `A`, when none of its keys is one of `B`'s; else never, which no value satisfies. */
type Disjoint<A, B> = [Extract<keyof A, keyof B>] extends [never] ? A : never;

/**
 * A views module as a definition references it (`views: () => import('./views.tsx')`): the view
 * parts, and no key of the definition's, so no piece is said in both places and the kit reads each
 * from where it is declared. A module may export more (a screen of its own, a custom view).
 */
export type ResourceViewsModule<R extends RaRecord = RaRecord> = Disjoint<ResourceViews<R>, ResourceDefinition<R>> & {
  readonly [K in keyof ResourceDefinition<R>]?: never;
};

/** A definition's views, or none. */
export const loadViews = (definition: ResourceDefinition): Promise<ResourceViews> => (definition.views ? definition.views() : Promise.resolve({}));

/**
 * A resource of the console: its name is a resource screen of the access table, which says who may
 * do what and the title, so neither is said here.
 */
export type ResourceSpec<R extends RaRecord = RaRecord> = Omit<ResourceDefinition<R>, 'name' | 'access' | 'label'> & {
  name: ResourceName;
  access?: never;
  label?: never;
};

/**
 * Defines a resource; typed in its record so columns and rules are checked against the contract.
 * A resource of the console names its screen in the access table (src/config/access.ts), which
 * gives its `access` and its `label` (the route's title). A resource outside the table (the kit's
 * own tests) says both itself.
 */
export function defineResource<R extends RaRecord>(definition: ResourceSpec<R>): ResourceDefinition;
export function defineResource<R extends RaRecord>(definition: ResourceDefinition<R>): ResourceDefinition;
export function defineResource<R extends RaRecord>(definition: ResourceSpec<R> | ResourceDefinition<R>): ResourceDefinition {
  const route: RouteEntry | undefined = ROUTES.find((r) => r.path === pathOf(definition));
  const fromTable = resourceAccessOf(definition.name);
  if (fromTable && (definition.access || definition.label)) throw new Error(`the access and title of ${definition.name} are said in src/config/access.ts, not in its definition`);
  const access = fromTable ?? definition.access;
  const label = route?.title ?? definition.label;
  if (!access || label === undefined) throw new Error(`${definition.name} is no resource screen of src/config/access.ts`);
  // The kit handles records as RaRecord; the definition's own functions were checked against R.
  return { ...definition, access, label } as unknown as ResourceDefinition;
}

export const pathOf = (definition: Pick<ResourceDefinition, 'name'>) => `/${definition.name}`;

export const recordPathOf = (definition: Pick<ResourceDefinition, 'name'>, id: Identifier) =>
  `/${definition.name}/${encodeURIComponent(String(id))}`;

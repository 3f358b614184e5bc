/**
 * The list of any definition: react-admin's List + DataTable with the definition's columns, filters
 * always on, sorting, pagination, the column chooser, export, bulk delete where delete is allowed,
 * and Edit/Delete per row. It refreshes itself when the realtime API says the resource changed,
 * keeping page, sort, filters, selection and scroll (no polling).
 */
import { cloneElement, useState, type ReactElement } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import {
  ColumnsButton, CreateButton, DataTable, List, Pagination, TopToolbar,
  useCanAccess, useCreatePath, useListContext, useRefresh, type Identifier, type RaRecord,
} from 'react-admin';
import { recordPathOf, type FilterDef, type KitViewProps, type ResourceDefinition, type ResourceViews } from './definition.ts';
import { errorStatus } from '../dataProvider/apiFetch.ts';
import { UnexpectedAnswerError } from '../dataProvider/checked.ts';
import { errorText } from '../ui/errors.ts';
import { CommandButton } from './CommandButton.tsx';
import { KitBulkDeleteButton } from './KitBulkDeleteButton.tsx';
import { KitDeleteButton } from './KitDeleteButton.tsx';
import { KitSelectInput, KitTextInput } from './inputs.tsx';
import { ResourcePage } from './ResourcePage.tsx';
import { kitExporter } from './exporter.ts';
import { KitExportButton } from './KitExportButton.tsx';
import { LiveRefresh } from './LiveRefresh.tsx';
import { CutText } from '../ui/CutText.tsx';
import { PhoneList } from '../ui/PhoneList.tsx';
import { useListLayout, WIDE_TABLE_SX } from '../ui/listLayout.ts';

function filterInput(filter: FilterDef) {
  if (filter.kind === 'custom') return cloneElement(filter.input as ReactElement<Record<string, unknown>>, { key: filter.source, source: filter.source, label: filter.label, alwaysOn: true });
  if (filter.kind === 'search') {
    return <KitTextInput key={filter.source} source={filter.source} label={filter.label} placeholder={filter.placeholder} alwaysOn />;
  }
  return (
    <KitSelectInput
      key={filter.source}
      source={filter.source}
      label={filter.label}
      choices={filter.choices}
      optionText={filter.optionText}
      emptyText={filter.emptyText}
      sx={{ minWidth: 180 }}
      alwaysOn
    />
  );
}

/** A list the server refused: the reason and Try again, not an empty table. */
function ListError({ recordLabel }: { recordLabel: string }) {
  const { error } = useListContext();
  // Every query of the page is read again (the list's may still be in react-query's retries, where a refetch is folded in).
  const refresh = useRefresh();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={refresh} sx={{ whiteSpace: 'nowrap', flex: 'none' }}>
          Try again
        </Button>
      }
    >
      Could not load {recordLabel}s: {errorText(error)}
    </Alert>
  );
}

/** The pages, not under an error: a list that could not be read has no "1-25 of 25" to show. */
function KitPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}

/**
 * A failed read is tried three more times (react-query's default, which react-admin's List turns
 * off) before the error shows, unless the server refused it for good (a 4xx will not change on retry).
 */
function retryRead(count: number, error: unknown): boolean {
  // An answer that breaks the contract will break it again: say so at once.
  if (error instanceof UnexpectedAnswerError) return false;
  const status = errorStatus(error);
  return count < 3 && !(status !== undefined && status < 500);
}

/** Filters with a value: what a folded filter bar counts. */
function activeFilters(values: Record<string, unknown>): number {
  return Object.values(values).filter((v) => v !== undefined && v !== '' && v !== null && !(Array.isArray(v) && v.length === 0)).length;
}

/**
 * On a phone the filters fold behind this button, so the first rows show on the first screen (nine
 * fields filled it before); it counts the filters set, so a folded filter still says it is there.
 */
function FiltersToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { filterValues } = useListContext();
  const count = activeFilters(filterValues as Record<string, unknown>);
  return (
    <Button size="small" aria-expanded={open} onClick={onToggle}>
      {open ? 'Hide filters' : `Filters (${count})`}
    </Button>
  );
}

/** Empties every filter at once (the inputs follow). */
function ClearFiltersButton() {
  const { filterValues, setFilters } = useListContext();
  const any = activeFilters(filterValues as Record<string, unknown>) > 0;
  return (
    <Button size="small" disabled={!any} onClick={() => setFilters({}, {}, false)}>
      Clear filters
    </Button>
  );
}

/** An empty list: "No {recordLabel}s match." (or the definition's own words when no filter is set). */
function EmptyList({ recordLabel, unfiltered }: { recordLabel: string; unfiltered: string | undefined }) {
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues as Record<string, unknown>).some((v) => v !== undefined && v !== '' && v !== null);
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {unfiltered !== undefined && !filtered ? unfiltered : `No ${recordLabel}s match.`}
    </Typography>
  );
}

function RowButtons({ definition, views, record, canEdit, canDelete }: { definition: ResourceDefinition; views: ResourceViews; record: RaRecord; canEdit: boolean; canDelete: boolean }) {
  const createPath = useCreatePath();
  const Actions = views.rowActions;
  const name = definition.recordRepresentation(record);
  return (
    <>
      {Actions && <Actions record={record} />}
      {definition.commands?.map((command) => <CommandButton key={command.name} definition={definition} command={command} record={record} />)}
      {canEdit && (
        <IconButton
          component={Link}
          to={createPath({ resource: definition.name, id: record.id, type: 'edit' })}
          aria-label={`Edit ${name}`}
          size="small"
        >
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {canDelete && <KitDeleteButton definition={definition} record={record} />}
    </>
  );
}

export function ResourceList({ definition, views }: KitViewProps) {
  const [search] = useSearchParams();
  const aliased = definition.showQueryAlias === undefined ? null : search.get(definition.showQueryAlias);
  if (aliased) return <Navigate replace to={recordPathOf(definition, aliased)} />;
  return <ResourceListView definition={definition} views={views} />;
}

function ResourceListView({ definition, views }: KitViewProps) {
  const { name, label, recordLabel, defaultSort, perPage = 25, commands } = definition;
  const { columns = [], filters = [], rowActions, listAside: Aside } = views;
  const { canAccess: canEdit = false } = useCanAccess({ resource: name, action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: name, action: 'delete' });
  const hasActions = rowActions !== undefined || commands !== undefined || canEdit || canDelete;
  const layout = useListLayout(name, columns);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const foldFilters = layout.phone && filters.length > 0;
  const tableName = `${recordLabel[0]?.toUpperCase() ?? ''}${recordLabel.slice(1)}s`;
  const showPath = definition.rowClick === 'show' ? (id: Identifier) => recordPathOf(definition, id) : null;
  return (
    <ResourcePage title={label}>
      {Aside && <Aside />}
      <List
        resource={name}
        title={false}
        sort={defaultSort}
        perPage={perPage}
        filters={filters.map(filterInput)}
        empty={false}
        error={<ListError recordLabel={recordLabel} />}
        pagination={<KitPagination />}
        // Folded, the filter inputs stay mounted (what was typed is kept), only hidden.
        sx={foldFilters && !filtersOpen ? { '& .RaFilterForm-filterFormInput': { display: 'none' } } : undefined}
        queryOptions={{ retry: retryRead }}
        // Every export is formula-escaped: the resource's own, else the kit's (exporter.ts).
        exporter={views.exporter ?? kitExporter}
        actions={
          <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {foldFilters && <FiltersToggle open={filtersOpen} onToggle={() => setFiltersOpen((o) => !o)} />}
            {definition.clearFilters && <ClearFiltersButton />}
            <CreateButton label={`New ${recordLabel}`} />
            {!layout.phone && <ColumnsButton storeKey={layout.storeKey} />}
            <KitExportButton pageSize={views.exportPageSize} recordLabel={recordLabel} />
          </TopToolbar>
        }
      >
        <LiveRefresh />
        {layout.phone ? (
          <PhoneList
            columns={columns}
            name={definition.recordRepresentation}
            // The row's link: its page, else its edit form where the role may edit.
            rowClick={showPath ?? (canEdit ? 'edit' : false)}
            ariaLabel={tableName}
          />
        ) : (
          <DataTable
            aria-label={tableName}
            rowClick={showPath ?? false}
            // Row selection where delete is allowed (the theme puts react-admin's checkbox names on the input).
            bulkActionButtons={canDelete && definition.bulkDelete !== false ? <KitBulkDeleteButton definition={definition} /> : false}
            storeKey={layout.storeKey}
            hiddenColumns={layout.hiddenColumns}
            sx={WIDE_TABLE_SX}
            empty={<EmptyList recordLabel={recordLabel} unfiltered={definition.emptyUnfiltered} />}
          >
            {columns.map((c) => (
              <DataTable.Col
                key={c.source}
                source={c.source}
                label={c.label}
                // A plain value is one line, cut where it is long (whole on hover and focus).
                render={c.render ?? ((record: RaRecord) => <PlainCell value={record[c.source]} />)}
                disableSort={c.sortable === false}
                sortByOrder={c.sortByOrder}
                align={c.align}
              />
            ))}
            {hasActions && (
              <DataTable.Col
                source="_actions"
                label="Actions"
                disableSort
                render={(record: RaRecord) => <RowButtons definition={definition} views={views} record={record} canEdit={canEdit} canDelete={canDelete} />}
              />
            )}
          </DataTable>
        )}
      </List>
    </ResourcePage>
  );
}

/** A field's value as text on one line: long ones (routes, addresses) cut at a readable width. */
function PlainCell({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return <CutText text={text} maxWidth={PLAIN_CELL_MAX_WIDTH} />;
}

/** The widest a plain cell grows before its text is cut. */
const PLAIN_CELL_MAX_WIDTH = 320;

import { useCallback, useMemo, useState } from 'react';
import {
	keepPreviousData,
	useQuery,
	useQueryClient,
} from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { ApiError } from '../../shared/api';

import { useConfig } from '../../shared/context';
import { DataTable } from '../../shared/components/table/DataTable';
import type {
	BulkAction,
	ItemId,
	QuickFilter,
	RowAction,
	View,
} from '../../shared/components/table/types';
import { NotFound, Page } from '../../shared/components/Page';
import { useFeature } from '../../shared/gating';
import {
	currentIn,
	listIdentity,
	pageKnowsCount,
	rememberedCount,
	shownCount,
	withListCount,
	withPageCursor,
} from '../../shared/pageCursors';
import { queryKeys } from '../../shared/query';
import type { ResponseItem, ResponseList } from '../../shared/types';
import {
	fetchResponses,
	fetchResponsesCount,
	RESPONSE_FILTERS,
	type ResponseAction,
	type ResponseFilter,
} from './api';
import { responseColumns, toRows, type ResponseRow } from './columns';
import { useConfirmDelete } from './ConfirmDelete';
import { DeleteAllResponses } from './DeleteAllResponses';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { highlightWords } from './highlight';
import { surveyTitle } from './format';
import { responsePath } from './paths';
import { SurveySwitcher } from './SurveySwitcher';
import { useResponseActions } from './useResponseActions';
import {
	DEFAULT_RESPONSES_VIEW,
	isFiltered,
	serializeView,
	useResponsesView,
	type ResponsesView,
} from './view';

import './responses.scss';

/**
 * The shared table's view of a responses view: its quick filter is the status; the
 * search box is the filter bar's, not the table's.
 *
 * @param view The responses view.
 */
function tableView( view: ResponsesView ): View {
	return {
		page: view.page,
		perPage: view.perPage,
		sort: view.sort,
		filters: { status: view.status },
		search: '',
	};
}

/** A 400 of the list route: a condition the server refused, with its message. */
function refusal( error: unknown ): string | null {
	return error instanceof ApiError && error.status === 400
		? error.message
		: null;
}

function filterLabels(): Record< ResponseFilter, string > {
	return {
		all: __( 'All', 'userfeedback' ),
		publish: __( 'Published', 'userfeedback' ),
		partial: __( 'Partial', 'userfeedback' ),
		trash: __( 'Trash', 'userfeedback' ),
	};
}

function quickFilters( list: ResponseList | undefined ): QuickFilter[] {
	const labels = filterLabels();
	return RESPONSE_FILTERS.map( ( status ) => ( {
		attribute: 'status',
		value: status,
		label: labels[ status ],
		count: list
			? ( list.status_filters.find( ( entry ) => entry.status === status )
					?.count ?? 0 )
			: undefined,
	} ) );
}

function refusedOrEmpty( refused: string | null ): string {
	return refused
		? __(
				'Change or remove the filter the message above names.',
				'userfeedback'
			)
		: __( 'No Results Found', 'userfeedback' );
}

/** Every response of the survey: completed, partial and trashed. */
function allResponses( list: ResponseList ): number {
	return list.status_filters
		.filter( ( entry ) => entry.status !== 'all' )
		.reduce( ( sum, entry ) => sum + entry.count, 0 );
}

/** Which actions take a response out of the view of a quick filter. */
function leavesView( action: ResponseAction, status: string ): boolean {
	return status === 'trash' ? action !== 'trash' : action === 'trash';
}

function ResponsesTable( { surveyId }: { surveyId: number } ) {
	const config = useConfig();
	const management = useFeature( 'response_management' );
	// Lite and unlicensed sites: no single response, no trash, no bulk, no filters.
	const isPro = management.allowed;
	// Deleting all of a survey's responses is every edition's privacy tool.
	const canDelete = !! config.user.capabilities.delete_surveys;
	const canManage = isPro && canDelete;

	const [ { view, invalid }, setView ] = useResponsesView(
		isPro ? RESPONSE_FILTERS : [ 'all' ]
	);
	// The list a page belongs to: the view without its page (shared/pageCursors.ts).
	const { page, ...rows } = view;
	const identity = listIdentity( 'responses', surveyId, rows );
	const queryClient = useQueryClient();
	const list = useQuery( {
		queryKey: queryKeys.responses.list( surveyId, view ),
		queryFn: withPageCursor( identity, page, ( cursor ) =>
			fetchResponses( surveyId, view, cursor )
		),
		placeholderData: keepPreviousData,
	} );
	// While another list's page loads, the rows and numbers shown are still the last list's:
	// its count, not the new list's, goes with them.
	const [ shownList, setShownList ] = useState( identity );
	if ( ! list.isPlaceholderData && shownList !== identity ) {
		setShownList( identity );
	}
	const { run } = useResponseActions( surveyId );
	const { confirmDelete, dialog } = useConfirmDelete();

	const status = view.status;
	const refused = refusal( list.error );
	const filtered = isFiltered( view );
	// A single response opened from a filtered list steps through that list.
	const listView = filtered ? serializeView( view ) : '';
	const words = useMemo( () => highlightWords( view ), [ view ] );
	const table = useMemo( () => tableView( view ), [ view ] );
	const onChangeTable = useCallback(
		( next: View ) =>
			setView( {
				...view,
				page: next.page,
				perPage: next.perPage,
				sort: next.sort,
				status: ( next.filters.status ??
					view.status ) as ResponsesView[ 'status' ],
			} ),
		[ view, setView ]
	);
	const resetFilters = () =>
		setView( { ...view, conditions: [], search: '', page: 1 } );
	const isTrashView = status === 'trash';
	// Placeholder data is another survey's while switching: show no rows of it.
	const data = list.data?.survey.id === surveyId ? list.data : undefined;
	const survey = data?.survey;
	const current = currentIn( queryClient );
	// Pages come without the count of a list the rollups cannot count (fetchResponses()); the
	// list's own count request gives it, once, for every page of the list, unless the page's
	// own numbers already say it or a count of the list is current.
	const needsCount =
		data !== undefined &&
		! refused &&
		shownList === identity &&
		! pageKnowsCount( data, data.pagination.page, data.items.length ) &&
		rememberedCount( identity, current ) === undefined;
	const listCount = useQuery( {
		queryKey: queryKeys.responses.count( surveyId, rows ),
		queryFn: withListCount( identity, view.perPage, () =>
			fetchResponsesCount( surveyId, view )
		),
		enabled: needsCount,
	} );
	// Until it comes the filter bar says so; the pagination goes by the page's own numbers. A
	// count that fails or says nothing leaves those.
	const counting = needsCount && listCount.isFetching;
	// A page that was not counted shows the list's count, when one is current.
	const count = data ? shownCount( shownList, data, current ) : undefined;

	const columns = useMemo(
		() =>
			responseColumns(
				config,
				survey,
				( response: ResponseItem ) =>
					isPro && response.status !== 'trash'
						? responsePath(
								surveyId,
								response.id,
								status,
								listView
							)
						: null,
				words
			),
		[ config, survey, isPro, surveyId, status, listView, words ]
	);

	const act = async ( action: ResponseAction, ids: number[] ) => {
		if ( action === 'delete' && ! ( await confirmDelete( ids ) ) ) {
			return false;
		}
		return run( action, ids );
	};

	const rowActions = ( { response }: ResponseRow ): RowAction[] => {
		const trashed = response.status === 'trash';
		const actions: RowAction[] = [];
		if ( isPro && ! trashed ) {
			actions.push( {
				id: 'view',
				label: __( 'View', 'userfeedback' ),
				to: responsePath( surveyId, response.id, status, listView ),
			} );
		}
		if ( canManage && ! trashed ) {
			actions.push( {
				id: 'trash',
				label: __( 'Trash', 'userfeedback' ),
				isDestructive: true,
				onClick: () => act( 'trash', [ response.id ] ),
			} );
		}
		if ( canManage && trashed ) {
			actions.push(
				{
					id: 'restore',
					label: __( 'Restore', 'userfeedback' ),
					onClick: () => act( 'restore', [ response.id ] ),
				},
				{
					id: 'delete',
					label: __( 'Delete permanently', 'userfeedback' ),
					isDestructive: true,
					onClick: () => act( 'delete', [ response.id ] ),
				}
			);
		}
		return actions;
	};

	const bulkAction = (
		action: ResponseAction,
		label: string
	): BulkAction => ( {
		id: action,
		label,
		onApply: async ( selected: ItemId[] ) => {
			const ids = selected.map( Number );
			const inView =
				data?.status_filters.find(
					( entry ) => entry.status === status
				)?.count ?? 0;
			const result = await act( action, ids );
			if ( result === false ) {
				return false;
			}
			// Spec 2, section 4: a bulk action that empties the list resets the filter.
			if (
				result &&
				leavesView( action, status ) &&
				result.done.length >= inView
			) {
				setView( {
					...view,
					status: DEFAULT_RESPONSES_VIEW.status,
					page: 1,
				} );
			}
		},
	} );

	let bulkActions: BulkAction[] | undefined;
	if ( canManage ) {
		bulkActions = isTrashView
			? [
					bulkAction( 'restore', __( 'Restore', 'userfeedback' ) ),
					bulkAction(
						'delete',
						__( 'Delete Permanently', 'userfeedback' )
					),
				]
			: [ bulkAction( 'trash', __( 'Trash', 'userfeedback' ) ) ];
	}

	const title = survey
		? sprintf(
				/* translators: %s: survey title. */
				__( 'Responses: %s', 'userfeedback' ),
				surveyTitle( survey.title )
			)
		: __( 'Responses', 'userfeedback' );

	return (
		<Page
			title={ title }
			actions={
				<div className="userfeedback-responses__actions">
					{ canDelete && survey && data && (
						<DeleteAllResponses
							survey={ survey }
							total={ allResponses( data ) }
						/>
					) }
					<ExportButton surveyId={ surveyId } view={ view } />
				</div>
			}
		>
			<div className="userfeedback-responses">
				<div className="userfeedback-responses__toolbar">
					<Link
						className="userfeedback-back-link"
						to={ `/survey/${ surveyId }` }
					>
						<span aria-hidden="true">← </span>
						{ __( 'Back to results', 'userfeedback' ) }
					</Link>
					<SurveySwitcher current={ survey } />
				</div>
				{ invalid && (
					<Notice status="warning" isDismissible={ false }>
						{ __(
							'The filters in this link could not be read, so all responses are shown.',
							'userfeedback'
						) }
					</Notice>
				) }
				<FilterBar
					fields={ data?.filterable }
					view={ view }
					onChange={ setView }
					matched={ count?.matched }
					capped={ count?.capped ?? false }
					counting={ counting }
					onReset={ resetFilters }
				/>
				{ refused && (
					<Notice
						status="error"
						isDismissible={ false }
						className="userfeedback-responses__refused"
						actions={ [
							{
								label: __( 'Reset filters', 'userfeedback' ),
								onClick: resetFilters,
							},
						] }
					>
						{ refused }
					</Notice>
				) }
				<DataTable< ResponseRow >
					label={ __( 'Responses', 'userfeedback' ) }
					columns={ columns }
					items={ refused ? [] : toRows( data?.items ) }
					getItemId={ ( row ) => row.response.id }
					view={ table }
					onChangeView={ onChangeTable }
					paginationInfo={ {
						totalItems: refused ? 0 : ( count?.total ?? 0 ),
						totalPages: refused ? 0 : ( count?.pages ?? 0 ),
					} }
					query={
						refused
							? { isPending: false, isFetching: list.isFetching }
							: list
					}
					quickFilters={ isPro ? quickFilters( data ) : undefined }
					bulkActions={ bulkActions }
					rowActions={ rowActions }
					empty={
						filtered && ! refused ? (
							<div className="userfeedback-responses__no-match">
								<p>
									{ __(
										'No responses match these filters.',
										'userfeedback'
									) }
								</p>
								<Button
									variant="secondary"
									onClick={ resetFilters }
								>
									{ __( 'Reset filters', 'userfeedback' ) }
								</Button>
							</div>
						) : (
							refusedOrEmpty( refused )
						)
					}
				/>
			</div>
			{ dialog }
		</Page>
	);
}

/** The responses of one survey (#/survey/:id/responses). */
export function ResponsesList() {
	const { id } = useParams();
	const surveyId = Number( id );
	if ( ! Number.isInteger( surveyId ) || surveyId < 1 ) {
		return <NotFound />;
	}
	// A new survey starts with its own selection and dialogs.
	return <ResponsesTable key={ surveyId } surveyId={ surveyId } />;
}

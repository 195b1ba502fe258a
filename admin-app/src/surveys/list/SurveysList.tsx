import { useEffect, useMemo } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { DataTable } from '../../shared/components/table/DataTable';
import type {
	BulkAction,
	ItemId,
	QuickFilter,
	RowAction,
	View,
} from '../../shared/components/table/types';
import {
	DEFAULT_VIEW,
	useUrlView,
	viewToQuery,
} from '../../shared/components/table/view';
import { EmptyState } from '../../shared/components/States';
import { Page } from '../../shared/components/Page';
import { useSurveyList } from '../../shared/surveys';
import type {
	BulkAction as SurveyBulkAction,
	StatusFilter,
	SurveyList,
	SurveyListItem,
} from '../../shared/types';
import { resultsLinks, surveyColumns, surveyTitle } from './columns';
import { useConfirmDelete } from './ConfirmDelete';
import { ImportSurveys } from './ImportSurveys';
import { UpgradeCta } from './UpgradeCta';
import { useSurveyActions } from './useSurveyActions';
import { useSurveyFiles } from './useSurveyFiles';

import './surveys-list.scss';

/** Spec 1, section 9: id descending from page 1, 10 per page, quick filter "all". */
export const SURVEYS_VIEW: View = {
	...DEFAULT_VIEW,
	filters: { status: 'all' },
};

const URL_OPTIONS = {
	sortFields: [
		'id',
		'title',
		'status',
		'created_at',
		'publish_at',
		'responses_count',
		'priority',
	],
	filterValues: {
		status: [ 'all', 'publish', 'scheduled', 'draft', 'trash' ],
	},
};

function statusFilters( counts: StatusFilter[] | undefined ): QuickFilter[] {
	const labels: Record< StatusFilter[ 'status' ], string > = {
		all: __( 'All', 'userfeedback' ),
		publish: __( 'Published', 'userfeedback' ),
		scheduled: __( 'Scheduled', 'userfeedback' ),
		draft: __( 'Draft', 'userfeedback' ),
		trash: __( 'Trash', 'userfeedback' ),
	};
	return ( Object.keys( labels ) as StatusFilter[ 'status' ][] ).map(
		( status ) => ( {
			attribute: 'status',
			value: status,
			label: labels[ status ],
			count: counts
				? ( counts.find( ( filter ) => filter.status === status )
						?.count ?? 0 )
				: undefined,
		} )
	);
}

/** No survey in any status: "all" counts every survey but the trashed ones. */
function isCompletelyEmpty( list: SurveyList ): boolean {
	const count = ( status: StatusFilter[ 'status' ] ) =>
		list.status_filters.find( ( filter ) => filter.status === status )
			?.count ?? 0;
	return count( 'all' ) + count( 'trash' ) === 0;
}

function CreateLink( { children }: { children: string } ) {
	// Styled as the components' primary button; a router link so it works in any router.
	return (
		<Link to="/new" className="components-button is-primary">
			{ children }
		</Link>
	);
}

/** The surveys list screen (spec 1, section 2), the index route of the Surveys page. */
export function SurveysList() {
	const config = useConfig();
	const navigate = useNavigate();
	const [ view, setView ] = useUrlView( SURVEYS_VIEW, URL_OPTIONS );
	const list = useSurveyList( viewToQuery( view ), {
		placeholderData: keepPreviousData,
	} );
	const { run } = useSurveyActions();
	const { exportSurveys } = useSurveyFiles();
	const { confirmDelete, dialog } = useConfirmDelete();

	const caps = config.user.capabilities;
	const canEdit = !! caps.create_edit_surveys;
	const canDelete = !! caps.delete_surveys;
	const canViewResults = !! caps.view_results;
	const isTrashView = view.filters.status === 'trash';
	const items = list.data?.items;
	const columns = useMemo( () => surveyColumns( config ), [ config ] );
	const links = resultsLinks( config );

	// Only an answer fetched now counts: the cache may still hold the empty list the
	// user was sent to the builder from, while the survey just created is refetched.
	const emptyEverywhere =
		!! list.data &&
		! list.isPlaceholderData &&
		! list.isFetching &&
		view.search === '' &&
		isCompletelyEmpty( list.data );
	useEffect( () => {
		if ( emptyEverywhere ) {
			navigate( '/new', { replace: true } );
		}
	}, [ emptyEverywhere, navigate ] );

	const titles = new Map< number, string >(
		( items ?? [] ).map( ( survey ) => [
			survey.id,
			surveyTitle( survey ),
		] )
	);

	const deleteForGood = async ( ids: number[] ) => {
		if (
			! ( await confirmDelete(
				ids.map( ( id ) => titles.get( id ) ?? '' )
			) )
		) {
			return false;
		}
		return run( 'delete', ids, titles );
	};

	const rowActions = ( survey: SurveyListItem ): RowAction[] => {
		const trashed = survey.status === 'trash';
		const actions: RowAction[] = [];
		if ( canEdit && ! trashed ) {
			actions.push( {
				id: 'edit',
				label: __( 'Edit', 'userfeedback' ),
				to: `/edit/${ survey.id }`,
			} );
		}
		if ( canViewResults ) {
			actions.push(
				{
					id: 'results',
					label: __( 'Results', 'userfeedback' ),
					href: links.results( survey.id ),
				},
				{
					id: 'responses',
					label: __( 'Responses', 'userfeedback' ),
					href: links.responses( survey.id ),
				}
			);
		}
		if ( canEdit ) {
			actions.push( {
				id: 'duplicate',
				label: __( 'Duplicate', 'userfeedback' ),
				to: `/duplicate/${ survey.id }`,
			} );
		}
		if ( canEdit && ! trashed ) {
			actions.push( {
				id: 'export',
				label: __( 'Export', 'userfeedback' ),
				onClick: () => exportSurveys( [ survey.id ] ),
			} );
		}
		if ( ! trashed && canDelete ) {
			actions.push( {
				id: 'trash',
				label: __( 'Trash', 'userfeedback' ),
				isDestructive: true,
				onClick: () => run( 'trash', [ survey.id ], titles ),
			} );
		}
		if ( trashed && canEdit ) {
			actions.push( {
				id: 'restore',
				label: __( 'Restore', 'userfeedback' ),
				onClick: () => run( 'restore', [ survey.id ], titles ),
			} );
		}
		if ( trashed && canDelete ) {
			actions.push( {
				id: 'delete',
				label: __( 'Delete permanently', 'userfeedback' ),
				isDestructive: true,
				onClick: () => deleteForGood( [ survey.id ] ),
			} );
		}
		return actions;
	};

	const bulkAction = (
		action: SurveyBulkAction,
		label: string
	): BulkAction => ( {
		id: action,
		label,
		onApply: async ( selected: ItemId[] ) => {
			const ids = selected.map( Number );
			const displayed = items?.length ?? 0;
			const result =
				action === 'delete'
					? await deleteForGood( ids )
					: await run( action, ids, titles );
			if ( result === false ) {
				return false;
			}
			// Spec 1, section 4: an action on everything shown resets the quick filter.
			if ( result && ids.length === displayed ) {
				setView( { ...view, filters: SURVEYS_VIEW.filters, page: 1 } );
			}
		},
	} );

	const bulkActions: BulkAction[] = [];
	if ( isTrashView ) {
		if ( canEdit ) {
			bulkActions.push(
				bulkAction( 'restore', __( 'Restore', 'userfeedback' ) )
			);
		}
		if ( canDelete ) {
			bulkActions.push(
				bulkAction(
					'delete',
					__( 'Delete Permanently', 'userfeedback' )
				)
			);
		}
	} else {
		if ( canEdit ) {
			bulkActions.push(
				bulkAction( 'publish', __( 'Publish', 'userfeedback' ) ),
				bulkAction( 'draft', __( 'Make Draft', 'userfeedback' ) ),
				{
					id: 'export',
					label: __( 'Export', 'userfeedback' ),
					onApply: ( selected: ItemId[] ) =>
						exportSurveys( selected.map( Number ) ),
				}
			);
		}
		if ( canDelete ) {
			bulkActions.push(
				bulkAction( 'trash', __( 'Trash', 'userfeedback' ) )
			);
		}
	}

	const noSurveysYet =
		( list.data?.status_filters.find(
			( filter ) => filter.status === 'all'
		)?.count ?? 0 ) === 0;
	const empty = (
		<EmptyState
			title={ __( 'No Surveys', 'userfeedback' ) }
			action={
				canEdit && (
					<CreateLink>
						{ noSurveysYet
							? __( 'Create Your First Survey', 'userfeedback' )
							: __( 'Create New Survey', 'userfeedback' ) }
					</CreateLink>
				)
			}
		>
			{ noSurveysYet
				? __(
						'You have not created any surveys yet. Create your first survey to start collecting feedback from your visitors.',
						'userfeedback'
					)
				: __( 'No surveys match this view.', 'userfeedback' ) }
		</EmptyState>
	);

	return (
		<Page
			title={ __( 'Surveys', 'userfeedback' ) }
			actions={
				canEdit && (
					<>
						<CreateLink>
							{ __( 'Create New', 'userfeedback' ) }
						</CreateLink>
						<ImportSurveys />
					</>
				)
			}
		>
			<div className="userfeedback-surveys">
				<DataTable< SurveyListItem >
					label={ __( 'Surveys', 'userfeedback' ) }
					columns={ columns }
					items={ items }
					getItemId={ ( survey ) => survey.id }
					view={ view }
					onChangeView={ setView }
					paginationInfo={ {
						totalItems: list.data?.pagination.total ?? 0,
						totalPages: list.data?.pagination.pages ?? 0,
					} }
					query={ list }
					quickFilters={ statusFilters( list.data?.status_filters ) }
					bulkActions={ bulkActions }
					rowActions={ rowActions }
					searchLabel={ __( 'Search Surveys', 'userfeedback' ) }
					empty={ empty }
				/>
			</div>
			{ config.entitlements.edition === 'lite' && <UpgradeCta /> }
			{ dialog }
		</Page>
	);
}

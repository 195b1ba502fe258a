import {
	keepPreviousData,
	useQuery,
	useQueryClient,
} from '@tanstack/react-query';
import {
	Link,
	useNavigate,
	useParams,
	useSearchParams,
} from 'react-router-dom';
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { ApiError } from '../../shared/api';
import { useConfig } from '../../shared/context';
import {
	EmptyState,
	LoadingState,
	QueryError,
} from '../../shared/components/States';
import { NotFound, Page } from '../../shared/components/Page';
import { useFeature } from '../../shared/gating';
import {
	atLeast,
	currentIn,
	listIdentity,
	rememberedCount,
	shownCount,
	withListCount,
} from '../../shared/pageCursors';
import { queryKeys } from '../../shared/query';
import type { ResponseDetail, ResponseList } from '../../shared/types';
import {
	fetchResponse,
	fetchResponsesCount,
	RESPONSE_FILTERS,
	type ResponseFilter,
} from './api';
import { responseTitle } from './format';
import { AnswersCard, DetailsCard } from './ResponseCards';
import { ResponseFieldsCard } from './ResponseFieldsCard';
import { listPath, responsePath } from './paths';
import {
	allConditions,
	DEFAULT_RESPONSES_VIEW,
	isFiltered,
	parseView,
	type ResponsesView,
} from './view';
import { useResponseActions } from './useResponseActions';

import './responses.scss';

type Position = ResponseDetail[ 'position' ];

/**
 * Where the response stands: "Response 12 of 340"; "Response 12 of 1,000+" or "One of
 * 1,000+ responses" when the list's count is only a lower bound (its rank may be unknown
 * then, index 0); null when the rank is unknown in a counted list.
 *
 * @param position The response's place in the filtered list.
 */
function placeText( position: Position ): string | null {
	const index = position.index.toLocaleString();
	const total = position.total.toLocaleString();
	// Data cached by an older version has no capped: the total was exact then.
	if ( position.capped === true ) {
		return position.index > 0
			? sprintf(
					/* translators: 1: the response's place in the list, 2: the lower bound of the number of responses. */
					__( 'Response %1$s of %2$s+', 'userfeedback' ),
					index,
					total
				)
			: sprintf(
					/* translators: %s: the lower bound of the number of responses. */
					__( 'One of %s+ responses', 'userfeedback' ),
					total
				);
	}
	return position.index > 0
		? sprintf(
				/* translators: 1: the response's place in the list, 2: number of responses. */
				__( 'Response %1$s of %2$s', 'userfeedback' ),
				index,
				total
			)
		: null;
}

/**
 * The place to show of a response of a filtered list. The detail comes without the count of
 * a list the rollups cannot count (fetchResponse()): its position is then capped, its total
 * only the lower bound the rank and the neighbours give. The list's own count stands in, as
 * on the list's pages: the one remembered for that list (the list screen counted it), or else
 * the list's count query, with the list's key and queryFn, so going back to the list does
 * not count it again. Never below the position's lower bound; until the count is known (on
 * its way, failed, or out of time) what the list's page in the cache shows, if it is there,
 * else the position as it came.
 *
 * @param surveyId Survey id.
 * @param list     The filtered list's view (its status the one the detail is asked with), or
 *                 null when the response was not opened from a filtered list.
 * @param position The position the detail answered, if any.
 * @param fetching The detail is being fetched (again): the count waits for it, as a trash or
 *                 restore refetches it just before the screen steps on.
 */
function useListPlace(
	surveyId: number,
	list: ResponsesView | null,
	position: Position | undefined,
	fetching: boolean
): Position | undefined {
	const queryClient = useQueryClient();
	// The list's identity and count key, as ResponsesList builds them: its view without the page.
	const view = list ?? DEFAULT_RESPONSES_VIEW;
	const { page, ...rows } = view;
	const identity = listIdentity( 'responses', surveyId, rows );
	const uncounted = list !== null && position?.capped === true;
	const known = uncounted
		? rememberedCount( identity, currentIn( queryClient ) )
		: undefined;
	const key = queryKeys.responses.count( surveyId, rows );
	// Asked once: each step mounts the screen anew (the shell keys it by the path), without
	// the detail at first, so an answer that said nothing or failed would be asked for again
	// on every step. Asked again once the responses change: the actions drop the count (its
	// observer here is disabled, so inactive) or invalidate it. (react-query marks a failed
	// query invalidated too: a failure stays an answer.)
	const state = queryClient.getQueryState( key );
	const answered =
		state?.status === 'error' ||
		( state?.status === 'success' && ! state.isInvalidated );
	useQuery( {
		queryKey: key,
		queryFn: withListCount( identity, view.perPage, () =>
			fetchResponsesCount( surveyId, view )
		),
		enabled: uncounted && known === undefined && ! answered && ! fetching,
	} );
	// The list's page in the cache, when it is there, as the list shows it: its own numbers
	// with the list's count ("11+ responses match" when the count said nothing).
	const listKey = queryKeys.responses.list( surveyId, view );
	const listPage =
		uncounted && currentIn( queryClient )( listKey )
			? queryClient.getQueryData< ResponseList >( listKey )
			: undefined;
	const shown = listPage
		? shownCount( identity, listPage, currentIn( queryClient ) )
		: known;
	if ( ! position || ! shown ) {
		return position;
	}
	const { matched, capped } = atLeast( shown, {
		matched: position.total,
		capped: true,
	} );
	return { ...position, total: matched, capped };
}

/**
 * 'Response X of Y' with previous and next: the place comes from the server, so the
 * screen steps through the list without loading it. At either end the button stays
 * focusable (and says it is disabled) so the keyboard focus is not lost.
 *
 * @param props          Component props.
 * @param props.position The response's place in the filtered list.
 * @param props.onGo     Goes to another response.
 * @param props.busy     A step is loading.
 */
function Navigator( {
	position,
	onGo,
	busy,
}: {
	position: Position;
	onGo: ( id: number ) => void;
	busy: boolean;
} ) {
	const { prev_id: prev, next_id: next } = position;
	const place = placeText( position );
	return (
		<nav
			className="userfeedback-response__navigator"
			aria-label={ __( 'Responses', 'userfeedback' ) }
			aria-busy={ busy }
		>
			<Button
				variant="secondary"
				size="compact"
				disabled={ ! prev }
				accessibleWhenDisabled
				aria-label={ __( 'Previous response', 'userfeedback' ) }
				onClick={ () => prev && onGo( prev ) }
			>
				<span aria-hidden="true">‹ </span>
				{ __( 'Previous', 'userfeedback' ) }
			</Button>
			{ place && (
				<span
					className="userfeedback-response__position"
					aria-live="polite"
				>
					{ place }
				</span>
			) }
			<Button
				variant="secondary"
				size="compact"
				disabled={ ! next }
				accessibleWhenDisabled
				aria-label={ __( 'Next response', 'userfeedback' ) }
				onClick={ () => next && onGo( next ) }
			>
				{ __( 'Next', 'userfeedback' ) }
				<span aria-hidden="true"> ›</span>
			</Button>
		</nav>
	);
}

/**
 * Trash or Restore this response (Pro, with the delete capability), then step to its
 * neighbour in the list it leaves, or back to the list when it was the only one.
 *
 * @param props          Component props.
 * @param props.detail   The response shown.
 * @param props.status   The list's quick filter.
 * @param props.listView The filtered list's view parameter, or ''.
 * @param props.surveyId Survey id.
 */
function StatusAction( {
	detail,
	status,
	listView,
	surveyId,
}: {
	detail: ResponseDetail;
	status: ResponseFilter;
	listView: string;
	surveyId: number;
} ) {
	const navigate = useNavigate();
	const { run, isRunning } = useResponseActions( surveyId );
	const { response, position } = detail;
	const trashed = response.status === 'trash';

	const apply = async () => {
		const result = await run( trashed ? 'restore' : 'trash', [
			response.id,
		] );
		if ( ! result?.done.includes( response.id ) ) {
			return;
		}
		const leaves = status === 'trash' ? trashed : ! trashed;
		if ( ! leaves ) {
			return;
		}
		const neighbour = position.next_id ?? position.prev_id;
		navigate(
			neighbour
				? responsePath( surveyId, neighbour, status, listView )
				: listPath( surveyId, status, listView )
		);
	};

	return (
		<Button
			variant="secondary"
			isDestructive={ ! trashed }
			isBusy={ isRunning }
			disabled={ isRunning }
			accessibleWhenDisabled
			onClick={ apply }
		>
			{ trashed
				? __( 'Restore', 'userfeedback' )
				: __( 'Move to Trash', 'userfeedback' ) }
		</Button>
	);
}

function ResponseScreen( { surveyId, id }: { surveyId: number; id: number } ) {
	const config = useConfig();
	const navigate = useNavigate();
	const [ params ] = useSearchParams();
	const isPro = useFeature( 'response_management' ).allowed;
	const canManage = isPro && !! config.user.capabilities.delete_surveys;
	const requested = params.get( 'status' ) as ResponseFilter | null;
	const status: ResponseFilter =
		isPro && requested && RESPONSE_FILTERS.includes( requested )
			? requested
			: 'all';
	// Opened from a filtered list: step through that list (a view it cannot read: the plain one).
	const parsed = parseView( params.get( 'view' ) );
	const filtered = ! parsed.invalid && isFiltered( parsed.view );
	const listView = filtered ? ( params.get( 'view' ) as string ) : '';
	const conditions = filtered
		? JSON.stringify( allConditions( parsed.view ) )
		: '';
	// That list as the list screen has it, for its count: its view, with the status asked with.
	const list = filtered ? { ...parsed.view, status } : null;

	const query = useQuery( {
		queryKey: [
			...queryKeys.responses.detail( surveyId, id, status ),
			conditions,
		],
		queryFn: () => fetchResponse( surveyId, id, status, conditions ),
		// Stepping keeps the last response on screen until the next one arrives.
		placeholderData: keepPreviousData,
	} );
	const detail = query.data;
	const place = useListPlace(
		surveyId,
		list,
		detail?.position,
		query.isFetching
	);

	const back = (
		<Link
			className="userfeedback-back-link"
			to={ listPath( surveyId, status, listView ) }
		>
			<span aria-hidden="true">← </span>
			{ __( 'Back to all responses', 'userfeedback' ) }
		</Link>
	);

	let content;
	if ( query.isPending ) {
		content = <LoadingState />;
	} else if ( ! detail ) {
		content =
			query.error instanceof ApiError && query.error.status === 404 ? (
				<EmptyState
					title={ __( 'Response not found', 'userfeedback' ) }
				>
					{ __(
						'This response does not exist, or it was deleted.',
						'userfeedback'
					) }
				</EmptyState>
			) : (
				<QueryError
					error={ query.error }
					onRetry={ () => query.refetch() }
				/>
			);
	} else {
		content = (
			<>
				{ query.error && ! query.isFetching && (
					<QueryError
						error={ query.error }
						onRetry={ () => query.refetch() }
					/>
				) }
				<div
					className="userfeedback-response__grid"
					aria-busy={ query.isFetching }
				>
					<AnswersCard detail={ detail } />
					<div className="userfeedback-response__aside">
						<DetailsCard
							response={ detail.response }
							survey={ detail.survey }
						/>
						<ResponseFieldsCard detail={ detail } />
					</div>
				</div>
			</>
		);
	}

	return (
		<Page
			title={ responseTitle( detail?.response.id ?? id ) }
			actions={
				canManage &&
				detail && (
					<StatusAction
						key={ detail.response.id }
						detail={ detail }
						status={ status }
						listView={ listView }
						surveyId={ surveyId }
					/>
				)
			}
		>
			<div className="userfeedback-response">
				<div className="userfeedback-responses__toolbar">
					{ back }
					{ detail && place && (
						<Navigator
							position={ place }
							busy={ query.isPlaceholderData }
							onGo={ ( next ) =>
								navigate(
									responsePath(
										surveyId,
										next,
										status,
										listView
									)
								)
							}
						/>
					) }
				</div>
				{ content }
			</div>
		</Page>
	);
}

/** One response (#/survey/:surveyId/responses/:id[?status=trash]). */
export function SingleResponse() {
	const params = useParams();
	const surveyId = Number( params.surveyId );
	const id = Number( params.id );
	if (
		! Number.isInteger( surveyId ) ||
		surveyId < 1 ||
		! Number.isInteger( id ) ||
		id < 1
	) {
		return <NotFound />;
	}
	return <ResponseScreen surveyId={ surveyId } id={ id } />;
}

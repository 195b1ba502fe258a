/**
 * The AI summary of a survey's text answers on its results screen: the stored summary
 * (loaded when the block appears and when the survey changes) and a button that asks the
 * provider for a fresh one. Sites whose plan does not include it see an upsell that can be
 * dismissed.
 *
 * Routes (shared/types/results.ts): GET preload-ai-summary/{id} and GET ai-summary/{id},
 * both answering AiSummary.
 */
import { useState } from 'react';
import {
	useMutation,
	useQuery,
	useQueryClient,
	type QueryClient,
} from '@tanstack/react-query';
import { Button, Notice, Spinner } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

import { queryKeys } from '../../shared/query';
import { ApiError, apiGet } from '../../shared/api';
import { useGateMessage } from '../../shared/components/GateMessage';
import { adminUrl } from '../../shared/config';
import { useConfig } from '../../shared/context';
import { formatDate } from '../../shared/date';
import { useFeature, type FeatureGate } from '../../shared/gating';
import type { AiSummary, AppConfig } from '../../shared/types';
import { upgradeUrl } from '../../shared/upgrade';

import './ai-summary.scss';

/** localStorage key: a JSON list of the ids of the users who dismissed the upsell. */
export const UPSELL_DISMISSED_KEY = 'userfeedback-ai-upsell-dismissed';

export const aiSummaryKey = queryKeys.aiSummary;

export const MESSAGES = {
	unavailable: (): string =>
		__( 'AI Summary is unavailable at this moment.', 'userfeedback' ),
	failed: (): string =>
		__(
			'An error occurred while fetching the AI summary.',
			'userfeedback'
		),
};

/**
 * What to say about a failed call: the server's own text after "Error:", or the generic
 * message when there is none (network failure, an answer that is not the REST API's).
 *
 * @param error What the call threw.
 */
export function aiErrorMessage( error: unknown ): string {
	const fromServer =
		error instanceof ApiError &&
		error.status !== undefined &&
		error.code !== 'http_error' &&
		error.message.trim() !== '';
	return fromServer
		? sprintf(
				/* translators: %s: the error message of the server. */
				__( 'Error: %s', 'userfeedback' ),
				error.message
			)
		: MESSAGES.failed();
}

/** The error of a summary asked for before a provider is set up (Ai\AiSummaryService). */
export const NOT_CONFIGURED = 'userfeedback_ai_not_configured';

/**
 * Settings > AI Summaries, where the provider is set up: a link for those who may
 * change settings (href), a plain sentence for the others. No hooks: Notice also
 * renders its content to a string for screen readers, outside React's providers.
 *
 * @param props      The props.
 * @param props.href The settings tab's URL, or null.
 */
function SetUpLink( { href }: { href: string | null } ) {
	if ( ! href ) {
		return (
			<p>
				{ __(
					'Ask an administrator to set up an AI provider in Settings > AI Summaries.',
					'userfeedback'
				) }
			</p>
		);
	}
	return (
		<p>
			<a href={ href }>
				{ __( 'Set up the AI provider in Settings', 'userfeedback' ) }
			</a>
		</p>
	);
}

/**
 * The URL of Settings > AI Summaries for a user who may change settings, else null.
 *
 * @param config The page config.
 */
export function aiSettingsUrl( config: AppConfig ): string | null {
	return config.user.capabilities.manage_settings
		? `${ adminUrl( config, config.urls.settings ) }#/ai`
		: null;
}

function fetchCached( surveyId: number ): Promise< AiSummary > {
	return apiGet< AiSummary >( `preload-ai-summary/${ surveyId }` );
}

function fetchFresh( surveyId: number ): Promise< AiSummary > {
	return apiGet< AiSummary >( `ai-summary/${ surveyId }` );
}

function storeFresh(
	queryClient: QueryClient,
	surveyId: number,
	summary: AiSummary
) {
	queryClient.setQueryData( aiSummaryKey( surveyId ), summary );
}

export function AiSummaryBlock( { surveyId }: { surveyId: number } ) {
	const gate = useFeature( 'ai_summary' );
	if ( ! gate.allowed ) {
		return <AiSummaryUpsell gate={ gate } />;
	}
	// Keyed: a fresh request's state (pending, error) belongs to one survey.
	return <AiSummaryPanel key={ surveyId } surveyId={ surveyId } />;
}

function AiSummaryPanel( { surveyId }: { surveyId: number } ) {
	const config = useConfig();
	const queryClient = useQueryClient();
	const cached = useQuery( {
		queryKey: aiSummaryKey( surveyId ),
		queryFn: () => fetchCached( surveyId ),
	} );
	const fresh = useMutation( {
		mutationFn: () => fetchFresh( surveyId ),
		onSuccess: ( summary ) => storeFresh( queryClient, surveyId, summary ),
	} );

	const headingId = `userfeedback-ai-summary-title-${ surveyId }`;
	const data = cached.data;
	const busy = cached.isPending || fresh.isPending;
	const error = fresh.error ?? cached.error;
	const hasSummary = !! data?.summary;

	let body;
	if ( busy ) {
		body = (
			<div className="userfeedback-ai-summary__loading">
				<Spinner />
				<span>
					{ fresh.isPending
						? __(
								'Generating the summary. This can take up to half a minute…',
								'userfeedback'
							)
						: __( 'Loading the AI summary…', 'userfeedback' ) }
				</span>
			</div>
		);
	} else {
		body = (
			<>
				{ /* Notice speaks its text itself (assertive for errors). */ }
				{ error && (
					<Notice status="error" isDismissible={ false }>
						{ aiErrorMessage( error ) }
						{ error instanceof ApiError &&
							error.code === NOT_CONFIGURED && (
								<SetUpLink href={ aiSettingsUrl( config ) } />
							) }
					</Notice>
				) }
				{ data && ! data.summary && ! error && (
					<p className="userfeedback-ai-summary__empty">
						{ MESSAGES.unavailable() }
					</p>
				) }
				{ data?.summary && (
					<SummaryText
						summary={ data }
						dateFormat={ config.site.date_format }
						timeFormat={ config.site.time_format }
						site={ config.site }
					/>
				) }
			</>
		);
	}

	return (
		<section
			className="userfeedback-card userfeedback-ai-summary"
			aria-labelledby={ headingId }
		>
			<div className="userfeedback-ai-summary__header">
				<h2 id={ headingId } className="userfeedback-card__title">
					{ __( 'AI Summary', 'userfeedback' ) }
				</h2>
				<Button
					variant="secondary"
					onClick={ () => fresh.mutate() }
					disabled={ busy }
					isBusy={ fresh.isPending }
				>
					{ hasSummary
						? __( 'Refresh summary', 'userfeedback' )
						: __( 'Generate summary', 'userfeedback' ) }
				</Button>
			</div>
			<p className="userfeedback-card__help">
				{ __(
					'A short summary of the text answers and comments: the main themes, the overall sentiment and the suggestions visitors make.',
					'userfeedback'
				) }
			</p>
			<div
				className="userfeedback-ai-summary__body"
				aria-live="polite"
				aria-busy={ busy }
			>
				{ body }
			</div>
		</section>
	);
}

function SummaryText( {
	summary,
	dateFormat,
	timeFormat,
	site,
}: {
	summary: AiSummary;
	dateFormat: string;
	timeFormat: string;
	site: Parameters< typeof formatDate >[ 2 ];
} ) {
	const paragraphs = ( summary.summary ?? '' )
		.split( /\n\s*\n/ )
		.map( ( paragraph ) => paragraph.trim() )
		.filter( Boolean );
	return (
		<>
			<div className="userfeedback-ai-summary__text">
				{ paragraphs.map( ( paragraph, index ) => (
					<p key={ index }>{ paragraph }</p>
				) ) }
			</div>
			{ summary.generated_at && (
				<p className="userfeedback-ai-summary__meta">
					{ sprintf(
						/* translators: 1: date, 2: time, 3: number of answers. */
						_n(
							'Generated on %1$s at %2$s from %3$d answer.',
							'Generated on %1$s at %2$s from %3$d answers.',
							summary.answers_count,
							'userfeedback'
						),
						formatDate( summary.generated_at, dateFormat, site ),
						formatDate( summary.generated_at, timeFormat, site ),
						summary.answers_count
					) }
				</p>
			) }
		</>
	);
}

/* ---- upsell ------------------------------------------------------------ */

function readDismissed(): number[] {
	try {
		const parsed: unknown = JSON.parse(
			window.localStorage.getItem( UPSELL_DISMISSED_KEY ) ?? '[]'
		);
		return Array.isArray( parsed )
			? parsed.filter( ( id ): id is number => typeof id === 'number' )
			: [];
	} catch {
		// Storage switched off, or something else wrote the key.
		return [];
	}
}

function isDismissed( userId: number ): boolean {
	return readDismissed().includes( userId );
}

function rememberDismissal( userId: number ): void {
	try {
		const ids = readDismissed();
		if ( ! ids.includes( userId ) ) {
			window.localStorage.setItem(
				UPSELL_DISMISSED_KEY,
				JSON.stringify( [ ...ids, userId ] )
			);
		}
	} catch {
		// Without storage the upsell stays hidden until the page reloads.
	}
}

function AiSummaryUpsell( { gate }: { gate: FeatureGate } ) {
	const config = useConfig();
	const userId = config.user.id;
	const [ dismissed, setDismissed ] = useState( () => isDismissed( userId ) );
	const gateMessage = useGateMessage( gate, 'ai-summary' );
	if ( dismissed ) {
		return null;
	}
	const headingId = 'userfeedback-ai-summary-upsell-title';
	const planName =
		gate.plan === 'elite'
			? __( 'Elite', 'userfeedback' )
			: __( 'Pro', 'userfeedback' );

	let action;
	if ( gate.reason === 'upgrade' ) {
		action = (
			<Button
				variant="primary"
				href={ upgradeUrl(
					{ medium: 'ai-summary', campaign: 'ai_summary' },
					config
				) }
				target="_blank"
				rel="noopener noreferrer"
			>
				{ sprintf(
					/* translators: %s: plan name, e.g. "Pro". */
					__( 'Upgrade to %s', 'userfeedback' ),
					planName
				) }
			</Button>
		);
	} else {
		action = gateMessage?.action;
	}

	return (
		<section
			className="userfeedback-card userfeedback-ai-summary userfeedback-ai-summary--upsell"
			aria-labelledby={ headingId }
		>
			<div className="userfeedback-ai-summary__header">
				<h2 id={ headingId } className="userfeedback-card__title">
					{ __( 'Summarize your feedback with AI', 'userfeedback' ) }
				</h2>
				<Button
					icon="no-alt"
					label={ __( 'Dismiss', 'userfeedback' ) }
					onClick={ () => {
						rememberDismissal( userId );
						setDismissed( true );
					} }
				/>
			</div>
			<p>
				{ __(
					'AI Summary reads the text answers and comments of a survey and tells you in a few lines what visitors talk about most, how they feel, and what they suggest, so you do not have to read every response.',
					'userfeedback'
				) }
			</p>
			{ gate.reason !== 'upgrade' && gateMessage && (
				<p>{ gateMessage.text }</p>
			) }
			{ gate.reason === 'upgrade' && (
				<p>
					{ gate.plan === 'elite'
						? __(
								'AI Summary is available with an Elite license.',
								'userfeedback'
							)
						: __(
								'AI Summary is available with a Pro or Elite license.',
								'userfeedback'
							) }
				</p>
			) }
			<div className="userfeedback-ai-summary__actions">{ action }</div>
		</section>
	);
}

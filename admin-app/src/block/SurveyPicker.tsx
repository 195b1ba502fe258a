/**
 * Chooses the survey a block shows: the surveys that are not in the trash, with
 * their status, searched on the server when there are more than one page of them.
 */
import {
	Button,
	ComboboxControl,
	ExternalLink,
	Notice,
	Spinner,
} from '@wordpress/components';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import type { SurveyListItem } from '../shared/types';
import { useSurveys } from './api';
import { getBlockConfig } from './config';

const SEARCH_DELAY = 300;

function statusLabel( item: SurveyListItem ): string {
	switch ( item.display_status ) {
		case 'draft':
			return __( 'Draft', 'userfeedback' );
		case 'scheduled':
			return __( 'Scheduled', 'userfeedback' );
		case 'trash':
			return __( 'Trash', 'userfeedback' );
		default:
			return '';
	}
}

export function optionLabel( item: SurveyListItem ): string {
	const title = item.title || __( '(no title)', 'userfeedback' );
	const status = statusLabel( item );
	if ( ! status ) {
		return sprintf(
			/* translators: 1: survey title, 2: survey id. */
			__( '%1$s (#%2$d)', 'userfeedback' ),
			title,
			item.id
		);
	}
	return sprintf(
		/* translators: 1: survey title, 2: survey id, 3: status (Draft, Scheduled). */
		__( '%1$s (#%2$d, %3$s)', 'userfeedback' ),
		title,
		item.id,
		status
	);
}

/**
 * "No surveys yet — Create one": opens the builder in a new tab, so the post
 * being edited stays open.
 */
export function NoSurveys() {
	const { newSurveyUrl } = getBlockConfig();
	return (
		<p className="userfeedback-block__empty">
			{ __( 'No surveys yet —', 'userfeedback' ) }{ ' ' }
			<ExternalLink href={ newSurveyUrl }>
				{ __( 'Create one', 'userfeedback' ) }
			</ExternalLink>
		</p>
	);
}

export function SurveyPicker( {
	value,
	onChange,
	extra,
}: {
	value: number;
	onChange: ( id: number ) => void;
	/** The chosen survey, when it may not be among the first page (its title). */
	extra?: SurveyListItem;
} ) {
	const [ typed, setTyped ] = useState( '' );
	const [ search, setSearch ] = useState( '' );
	const [ unfiltered ] = useSurveys( true, '' );
	// Only a list longer than one page is searched on the server; a short one is
	// complete already, and the combobox filters it as the user types.
	const paged =
		unfiltered.status === 'ready' &&
		unfiltered.data.pagination.total > unfiltered.data.items.length;
	const [ list, retry ] = useSurveys( true, paged ? search : '' );

	useEffect( () => {
		if ( ! paged ) {
			return;
		}
		const timer = setTimeout(
			() => setSearch( typed.trim() ),
			SEARCH_DELAY
		);
		return () => clearTimeout( timer );
	}, [ typed, paged ] );

	const options = useMemo( () => {
		const items = list.status === 'ready' ? list.data.items : [];
		const all =
			extra && ! items.some( ( item ) => item.id === extra.id )
				? [ extra, ...items ]
				: items;
		return all.map( ( item ) => ( {
			value: String( item.id ),
			label: optionLabel( item ),
		} ) );
	}, [ list, extra ] );

	if ( list.status === 'error' ) {
		return (
			<Notice status="error" isDismissible={ false }>
				<p>
					{ sprintf(
						/* translators: %s: error message from the server. */
						__(
							'The surveys could not be loaded: %s',
							'userfeedback'
						),
						list.message
					) }
				</p>
				<Button variant="secondary" onClick={ retry }>
					{ __( 'Try again', 'userfeedback' ) }
				</Button>
			</Notice>
		);
	}
	if (
		list.status === 'ready' &&
		list.data.pagination.total === 0 &&
		search === '' &&
		! extra
	) {
		return <NoSurveys />;
	}
	return (
		<div className="userfeedback-block__picker">
			<ComboboxControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Survey', 'userfeedback' ) }
				help={ __(
					'Visitors see a draft once it is published, and a scheduled survey from its start time.',
					'userfeedback'
				) }
				value={ value > 0 ? String( value ) : null }
				options={ options }
				onChange={ ( next ) => onChange( next ? Number( next ) : 0 ) }
				onFilterValueChange={ setTyped }
				placeholder={ __( 'Search surveys', 'userfeedback' ) }
			/>
			{ list.status === 'loading' && (
				<p className="userfeedback-block__loading">
					<Spinner />
					{ __( 'Loading surveys…', 'userfeedback' ) }
				</p>
			) }
		</div>
	);
}

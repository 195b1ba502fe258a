/**
 * Picks a page as a redirect target: search by title (GET search?title=, debounced
 * 300 ms), choose one of the results.
 */
import { useId, useState } from 'react';
import { Button, SearchControl, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { PageLink } from '../../../shared/types';
import { usePageSearch } from '../api';
import { useDebouncedValue } from './useDebouncedValue';

export const SEARCH_DEBOUNCE_MS = 300;

export function PageSearch( {
	label,
	selected,
	onSelect,
}: {
	label: string;
	selected: PageLink | null;
	onSelect: ( page: PageLink | null ) => void;
} ) {
	const [ term, setTerm ] = useState( '' );
	const debounced = useDebouncedValue( term.trim(), SEARCH_DEBOUNCE_MS );
	const results = usePageSearch( debounced );
	const listId = useId();

	if ( selected ) {
		return (
			<div className="userfeedback-page-search is-selected">
				<span>
					{ sprintf(
						/* translators: 1: field label, 2: page title. */
						__( '%1$s: %2$s', 'userfeedback' ),
						label,
						selected.label
					) }
				</span>
				<Button
					variant="link"
					onClick={ () => onSelect( null ) }
					label={ sprintf(
						/* translators: %s: field label. */
						__( 'Change %s', 'userfeedback' ),
						label.toLowerCase()
					) }
					showTooltip={ false }
				>
					{ __( 'Change', 'userfeedback' ) }
				</Button>
			</div>
		);
	}

	const settled = debounced !== '' && debounced === term.trim();
	return (
		<div className="userfeedback-page-search">
			<SearchControl
				__nextHasNoMarginBottom
				label={ label }
				placeholder={ __( 'Search pages…', 'userfeedback' ) }
				value={ term }
				onChange={ setTerm }
				aria-controls={ listId }
			/>
			<div id={ listId } aria-live="polite">
				{ settled && results.isFetching && <Spinner /> }
				{ settled && results.data?.length === 0 && (
					<p className="userfeedback-page-search__empty">
						{ __( 'No results found', 'userfeedback' ) }
					</p>
				) }
				{ settled && !! results.data?.length && (
					<ul className="userfeedback-page-search__results">
						{ results.data.map( ( page ) => (
							<li key={ page.id }>
								<Button
									variant="tertiary"
									onClick={ () => {
										onSelect( {
											id: page.id,
											label: page.title,
										} );
										setTerm( '' );
									} }
								>
									{ page.title }
								</Button>
							</li>
						) ) }
					</ul>
				) }
			</div>
		</div>
	);
}

/**
 * A question's results card: a question removed from the survey after it had answers
 * (archived) keeps its card, under its old title, marked as removed.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ConfigProvider } from '../../shared/context';
import { makeConfig } from '../../shared/test/fixtures';
import type { QuestionStats } from '../../shared/types';
import { QuestionCard } from './QuestionCard';

const STATS: QuestionStats = {
	id: 4,
	title: 'Do you like it?',
	type: 'radio-button',
	is_quantitative: true,
	total_answers: 3,
	skipped: 0,
	options: [
		{ value: 'Yes', label: 'Yes', count: 2, image: null, icon: null },
		{ value: 'No', label: 'No', count: 1, image: null, icon: null },
	],
	invalid_options: true,
};

function renderCard( question: QuestionStats ) {
	return render(
		<ConfigProvider config={ makeConfig() }>
			<QuestionCard
				surveyId={ 7 }
				question={ question }
				index={ 2 }
				range={ { from: '2026-11-01', to: '2026-11-20' } as never }
			/>
		</ConfigProvider>
	);
}

describe( 'QuestionCard', () => {
	it( 'marks an archived question as removed, keeps its counts and offers no fix link', () => {
		renderCard( { ...STATS, archived: true } );
		const card = screen.getByRole( 'region', {
			name: '3. Do you like it? Removed from the survey',
		} );
		expect( within( card ).getAllByText( /Yes/ ).length ).toBeGreaterThan(
			0
		);
		expect(
			within( card ).queryByText( /invalid options/ )
		).not.toBeInTheDocument();
	} );

	it( 'shows a live question without the mark', () => {
		renderCard( STATS );
		expect(
			screen.getByRole( 'region', { name: '3. Do you like it?' } )
		).toBeInTheDocument();
		expect(
			screen.queryByText( 'Removed from the survey' )
		).not.toBeInTheDocument();
	} );
} );

/**
 * The block's preview shows a survey as visitors see it: without archived questions
 * (removed after they had answers, kept by the server for results only).
 */
import { describe, expect, it } from 'vitest';

import { question, survey } from '../shared/test/surveyFixtures';
import { toPreview } from './toPreview';

const CONFIG = {
	features: { branding: false },
	fonts: { external: false, families: [] },
	theming: {},
} as unknown as Parameters< typeof toPreview >[ 1 ];

describe( 'toPreview', () => {
	it( 'leaves archived questions out', () => {
		const saved = survey( {
			questions: [
				question( 1 ),
				{ ...question( 2 ), archived: true },
				question( 3 ),
			],
		} );
		expect(
			toPreview( saved, CONFIG ).questions.map( ( q ) => q.id )
		).toEqual( [ 1, 3 ] );
	} );
} );

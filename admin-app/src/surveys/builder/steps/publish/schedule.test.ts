import { describe, expect, it } from 'vitest';

import {
	EMPTY_SCHEDULE,
	fieldsToLocal,
	isNaiveLocal,
	localToDate,
	localToFields,
	scheduleComplete,
	scheduledLocal,
	utcToLocal,
	type ScheduleFields,
} from './schedule';

const fields = (
	date: string,
	time: string,
	period: ScheduleFields[ 'period' ]
): ScheduleFields => ( { date, time, period } );

describe( 'fields to the naive local string', () => {
	it.each( [
		[ '12:00', 'am', '2026-12-01T00:00:00' ],
		[ '12:59', 'am', '2026-12-01T00:59:00' ],
		[ '1:00', 'am', '2026-12-01T01:00:00' ],
		[ '9:05', 'am', '2026-12-01T09:05:00' ],
		[ '09:05', 'am', '2026-12-01T09:05:00' ],
		[ '11:59', 'am', '2026-12-01T11:59:00' ],
		[ '12:00', 'pm', '2026-12-01T12:00:00' ],
		[ '12:30', 'pm', '2026-12-01T12:30:00' ],
		[ '1:05', 'pm', '2026-12-01T13:05:00' ],
		[ '11:59', 'pm', '2026-12-01T23:59:00' ],
	] as const )( '%s %s is %s', ( time, period, local ) => {
		expect( fieldsToLocal( fields( '2026-12-01', time, period ) ) ).toBe(
			local
		);
	} );

	it( 'gives null while the fields are incomplete', () => {
		expect( fieldsToLocal( EMPTY_SCHEDULE ) ).toBeNull();
		expect(
			fieldsToLocal( fields( '2026-12-01', '9:', 'am' ) )
		).toBeNull();
	} );
} );

describe( 'the naive local string to fields', () => {
	it.each( [
		[ '2026-12-01T00:00:00', '12:00', 'am' ],
		[ '2026-12-01T00:15:00', '12:15', 'am' ],
		[ '2026-12-01T09:05:00', '9:05', 'am' ],
		[ '2026-12-01T11:59:59', '11:59', 'am' ],
		[ '2026-12-01T12:00:00', '12:00', 'pm' ],
		[ '2026-12-01T12:45:00', '12:45', 'pm' ],
		[ '2026-12-01T13:45:30', '1:45', 'pm' ],
		[ '2026-12-01T23:59', '11:59', 'pm' ],
	] )( '%s is %s %s', ( local, time, period ) => {
		expect( localToFields( local ) ).toEqual( {
			date: '2026-12-01',
			time,
			period,
		} );
	} );

	it( 'round-trips every hour and minute of a day', () => {
		for ( let hour = 0; hour < 24; hour++ ) {
			for ( let minute = 0; minute < 60; minute += 7 ) {
				const local = `2027-03-14T${ String( hour ).padStart(
					2,
					'0'
				) }:${ String( minute ).padStart( 2, '0' ) }:00`;
				expect( fieldsToLocal( localToFields( local ) ) ).toBe( local );
			}
		}
	} );

	it( 'gives empty fields for what is not a naive local date-time', () => {
		expect( localToFields( '2026-12-01T14:00:00Z' ) ).toEqual(
			EMPTY_SCHEDULE
		);
		expect( localToFields( 'tomorrow' ) ).toEqual( EMPTY_SCHEDULE );
	} );
} );

describe( 'scheduleComplete', () => {
	it( 'needs a real date, a 12-hour time and a period', () => {
		expect( scheduleComplete( fields( '2026-12-01', '9:30', 'pm' ) ) ).toBe(
			true
		);
		expect(
			scheduleComplete( fields( '2028-02-29', '12:00', 'am' ) )
		).toBe( true );
		for ( const bad of [
			fields( '', '9:30', 'pm' ),
			fields( '2026-02-30', '9:30', 'pm' ),
			fields( '2027-02-29', '9:30', 'pm' ),
			fields( '12/01/2026', '9:30', 'pm' ),
			fields( '2026-12-01', '', 'pm' ),
			fields( '2026-12-01', '9:', 'pm' ),
			fields( '2026-12-01', ':30', 'pm' ),
			fields( '2026-12-01', '0:30', 'pm' ),
			fields( '2026-12-01', '13:00', 'pm' ),
			fields( '2026-12-01', '9:60', 'pm' ),
			fields( '2026-12-01', '9:5', 'pm' ),
			fields( '2026-12-01', '9:30', '' ),
		] ) {
			expect( scheduleComplete( bad ) ).toBe( false );
		}
	} );

	it( 'reads the draft publish_at: null and full date-times are complete, "" is not', () => {
		expect( scheduleComplete( null ) ).toBe( true );
		expect( scheduleComplete( '2026-12-01T09:30:00' ) ).toBe( true );
		expect( scheduleComplete( '2026-12-01T09:30' ) ).toBe( true );
		expect( scheduleComplete( '2026-12-01T14:30:00Z' ) ).toBe( true );
		expect( scheduleComplete( '2026-12-01T14:30:00+02:00' ) ).toBe( true );
		expect( scheduleComplete( '' ) ).toBe( false );
		expect( scheduleComplete( '2026-12-01T' ) ).toBe( false );
		expect( scheduleComplete( '2026-13-01T09:30:00' ) ).toBe( false );
		expect( scheduleComplete( '2026-12-01T24:00:00' ) ).toBe( false );
		expect( scheduleComplete( 'soon' ) ).toBe( false );
	} );

	it( 'tells naive strings from those with an offset', () => {
		expect( isNaiveLocal( '2026-12-01T09:30:00' ) ).toBe( true );
		expect( isNaiveLocal( '2026-12-01T09:30:00Z' ) ).toBe( false );
		expect( isNaiveLocal( '2026-12-01 09:30:00' ) ).toBe( false );
	} );
} );

describe( 'time zones', () => {
	it( 'converts UTC to the site time, across daylight saving time', () => {
		expect( utcToLocal( '2026-12-01T14:00:00Z', 'America/New_York' ) ).toBe(
			'2026-12-01T09:00:00'
		);
		expect( utcToLocal( '2026-07-01T14:00:00Z', 'America/New_York' ) ).toBe(
			'2026-07-01T10:00:00'
		);
		// The local day can differ from the UTC day.
		expect( utcToLocal( '2026-12-01T02:30:00Z', 'America/New_York' ) ).toBe(
			'2026-11-30T21:30:00'
		);
		expect( utcToLocal( '2026-12-01T23:30:00Z', 'Asia/Kolkata' ) ).toBe(
			'2026-12-02T05:00:00'
		);
	} );

	it( 'reads a naive string in the site time zone', () => {
		expect(
			localToDate(
				'2026-12-01T09:00:00',
				'America/New_York'
			).toISOString()
		).toBe( '2026-12-01T14:00:00.000Z' );
		expect(
			localToDate( '2026-12-01T00:00:00', 'UTC' ).toISOString()
		).toBe( '2026-12-01T00:00:00.000Z' );
	} );

	it( 'takes what the user chose, then publish_at_local, then converts publish_at', () => {
		const zone = 'America/New_York';
		expect(
			scheduledLocal( { publish_at: null, publish_at_local: null }, zone )
		).toBeNull();
		expect(
			scheduledLocal( { publish_at: '', publish_at_local: null }, zone )
		).toBeNull();
		expect(
			scheduledLocal(
				{
					publish_at: '2027-01-02T08:00:00',
					publish_at_local: '2026-12-01T09:00:00',
				},
				zone
			)
		).toBe( '2027-01-02T08:00:00' );
		expect(
			scheduledLocal(
				{
					publish_at: '2026-12-01T14:00:00Z',
					publish_at_local: '2026-12-01T09:00:00',
				},
				'Europe/Paris'
			)
		).toBe( '2026-12-01T09:00:00' );
		expect(
			scheduledLocal(
				{ publish_at: '2026-12-01T14:00:00Z', publish_at_local: null },
				zone
			)
		).toBe( '2026-12-01T09:00:00' );
	} );
} );

#!/usr/bin/env python3
"""A year of daily sun and moon events with PyEphem, for `make bench` to compare SkyLens's with.

    python pyephem_sky.py LATITUDE LONGITUDE UTC_OFFSET_HOURS

The same events SkyLens computes for a day (Astronomy's `SunDay` and `MoonRising`): sunrise and sunset (upper limb,
standard refraction), the Sun's transit, civil, nautical and astronomical dawn and dusk (the centre at -6, -12,
-18 degrees, no refraction), and moonrise and moonset, for each local day of 2026. Prints the median over five
runs of the seconds a day took, and how many events were found (a check that the two compute the same work).
"""
import statistics
import sys
import time

import ephem


def year(latitude, longitude, offset):
    observer = ephem.Observer()
    observer.lat, observer.lon = str(latitude), str(longitude)
    observer.elevation = 0
    observer.pressure = 0  # refraction as the horizon angle says, as SkyLens does
    sun, moon = ephem.Sun(), ephem.Moon()
    found = 0
    start = ephem.Date('2026/1/1') - offset / 24.0
    for day in range(365):
        midnight = ephem.Date(start + day)
        for horizon, centre in (('-0:50', False), ('-6', True), ('-12', True), ('-18', True)):
            observer.horizon = horizon
            observer.date = midnight
            for method in (observer.next_rising, observer.next_setting):
                try:
                    when = method(sun, use_center=centre)
                    found += when < midnight + 1
                except (ephem.AlwaysUpError, ephem.NeverUpError):
                    pass
        observer.horizon = '0'
        observer.date = midnight
        found += observer.next_transit(sun) < midnight + 1
        observer.horizon = '-0:34'
        for method in (observer.next_rising, observer.next_setting):
            observer.date = midnight
            try:
                found += method(moon) < midnight + 1
            except (ephem.AlwaysUpError, ephem.NeverUpError):
                pass
    return found


def main():
    latitude, longitude, offset = (float(value) for value in sys.argv[1:4])
    times = []
    for _ in range(5):
        started = time.perf_counter()
        found = year(latitude, longitude, offset)
        times.append(time.perf_counter() - started)
    print(f'{statistics.median(times) / 365:.9f} {found}')


main()

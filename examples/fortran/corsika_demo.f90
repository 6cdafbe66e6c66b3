! SPDX-License-Identifier: BSD-3-Clause
! A CORSIKA-style program: several RMMARD sequences set with RMMAQD 'S', an event header per shower
! holding each sequence's seed and counters the way CORSIKA's EVTH does (REAL*4 words), a shower loop of
! RMMARD(RD, N, ISEQ) calls whose length and sequence depend on the numbers drawn (mostly 1..10 numbers),
! and the restart of one event from its header. It is built twice, unchanged: against a straight CPU
! RMMARD written like the original (tests/legacy/reference/ref_corsika.F) and against libgpurng_legacy;
! tools/demo.sh runs both and compares.
program corsika_demo
  use, intrinsic :: iso_fortran_env, only: int64, real32
  implicit none
  integer, parameter :: nseq = 4, nevt = 40, ncalls = 250000, restart_event = 29
  integer :: iseed(3, nseq), l, ievt, iseq
  real(real32) :: evth(273, nevt)
  integer(int64) :: checksum(nevt), again, numbers, numbers_event, t0, t1, rate
  double precision :: first(10), seconds
  integer :: nfirst

  ! Run card: one SEED line per sequence (seed, numbers already used mod 10**9, billions).
  do l = 1, nseq
    iseed(:, l) = [1000003 * l + 17, 0, 0]
    iseq = l
    call rmmaqd(iseed(1, l), iseq, 'S')
  end do

  numbers = 0
  call system_clock(t0, rate)
  do ievt = 1, nevt
    call write_event_header(evth(:, ievt))
    call shower(checksum(ievt), numbers_event, first, nfirst)
    numbers = numbers + numbers_event
    if (ievt == 1) write (*, '(A,I0,A,10(1X,F18.16))') 'event 1, first call''s ', nfirst, ' numbers:', first(1:nfirst)
    write (*, '(A,I3,A,Z16.16,A,I9,A)') 'event ', ievt, ' checksum ', checksum(ievt), ' (', numbers_event, ' numbers)'
  end do
  call system_clock(t1)
  seconds = dble(t1 - t0) / dble(rate)

  ! Restart one event from its header alone, as a user re-simulating an interesting shower would.
  call restart_from_header(evth(:, restart_event))
  call shower(again, numbers_event, first, nfirst)
  if (again /= checksum(restart_event)) then
    write (*, '(A,I3,A)') 'restart of event ', restart_event, ' from its header seeds: MISMATCH'
    error stop 1
  end if
  write (*, '(A,I3,A)') 'restart of event ', restart_event, ' from its header seeds: same numbers'
  write (*, '(A,I0,A,I0,A)') 'total: ', nevt * ncalls, ' RMMARD calls, ', numbers, ' numbers'
  write (*, '(A,F8.3,A,F7.2,A)') 'time: ', seconds, ' s in the event loop, ', 1d9 * seconds / dble(numbers), &
    ' ns per number'
  ! RMMARD's latency alone, without the shower's work: bare calls whose length and sequence come from the numbers
  ! just drawn (the next call waits for them), and the same calls from a schedule fixed in advance.
  write (*, '(A,F7.2,A)') 'time: dependent calls alone: ', bare_calls(.true.), ' ns per number'
  write (*, '(A,F7.2,A)') 'time: independent calls alone: ', bare_calls(.false.), ' ns per number'

contains

  ! 2 000 000 RMMARD calls of 1..10 numbers on sequences 1..4 (70 / 25 / 4 / 1 %); returns ns per number.
  double precision function bare_calls(dependent)
    logical, intent(in) :: dependent
    integer, parameter :: calls = 2000000
    double precision :: rd(10), s
    integer :: icall, n, iseq
    integer(int64) :: count, t0, t1, rate, x
    n = 3
    iseq = 1
    s = 0
    count = 0
    x = 12345_int64
    call system_clock(t0, rate)
    do icall = 1, calls
      if (.not. dependent) then  ! MINSTD: lengths and sequences that do not depend on RMMARD's numbers
        x = mod(x * 48271_int64, 2147483647_int64)
        n = 1 + int(mod(x / 1024_int64, 10_int64))
        iseq = sequence_of(dble(mod(x / 16_int64, 100_int64)) / 100d0)
      end if
      call rmmard(rd, n, iseq)
      s = s + rd(1)
      count = count + n
      if (dependent) then
        iseq = sequence_of(rd(1))
        n = 1 + int(rd(n) * 10d0)
      end if
    end do
    call system_clock(t1)
    if (s < 0) print *, s  ! keeps the numbers used
    bare_calls = 1d9 * dble(t1 - t0) / dble(rate) / dble(count)
  end function

  include 'corsika_sequence.inc'

  ! CORSIKA's EVTH(11+3L..13+3L): seed, numbers mod 10**6, and millions (from NTOT and NTOT2).
  subroutine write_event_header(h)
    real(real32), intent(out) :: h(273)
    integer :: s(3), l, lseq
    h = 0
    h(13) = real(nseq)
    do l = 1, nseq
      lseq = l
      call rmmaqd(s, lseq, 'R')
      h(11 + 3 * l) = real(s(1))
      h(12 + 3 * l) = real(mod(s(2), 1000000))
      h(13 + 3 * l) = real(s(3) * 1000 + s(2) / 1000000)
    end do
  end subroutine

  subroutine restart_from_header(h)
    real(real32), intent(in) :: h(273)
    integer :: s(3), l, lseq
    integer(int64) :: total
    do l = 1, nseq
      total = int(h(13 + 3 * l), int64) * 1000000_int64 + int(h(12 + 3 * l), int64)
      s = [int(h(11 + 3 * l)), int(mod(total, 1000000000_int64)), int(total / 1000000000_int64)]
      lseq = l
      call rmmaqd(s, lseq, 'S')
    end do
  end subroutine

  ! One shower: the next request's length and sequence follow from the numbers drawn, as in a tracking
  ! code where each step decides what to sample next. Sequence 1 is used most (hadronic part), then 2
  ! (electromagnetic), 3 (Cherenkov) and 4 rarely.
  subroutine shower(h, count, first, nfirst)
    integer(int64), intent(out) :: h, count
    double precision, intent(out) :: first(10)
    integer, intent(out) :: nfirst
    double precision :: rd(10)
    integer :: icall, n, iseq, i
    h = 0
    count = 0
    iseq = 1
    n = 3
    do icall = 1, ncalls
      call rmmard(rd, n, iseq)
      if (icall == 1) then
        first(1:n) = rd(1:n)
        nfirst = n
      end if
      do i = 1, n
        h = ieor(ishftc(h, 7), transfer(rd(i), h))
      end do
      count = count + n
      iseq = sequence_of(rd(1))
      n = 1 + int(rd(n) * 10d0)
    end do
  end subroutine

end program

! SPDX-License-Identifier: BSD-3-Clause
! RMMARD's cost per number in two CORSIKA-like call patterns (issue 32), built three times from this one source:
! against libgpurng_legacy, against a textbook RMMARD compiled in (tests/legacy/reference/ref_corsika.F, written
! like the original) and against an RMMARD that only copies precomputed numbers (the program's own work alone;
! bench/legacy/run_rmmard_latency.sh subtracts it). The program holds CORSIKA's /CRRANMA4/ (KSEQ = 8), so the
! library steps the program's own block, as in a relinked CORSIKA.
!   dependent:   each call's length (1..10) and sequence (1..4) come from the numbers the previous call returned,
!                so the next call waits for them (a tracking code's next decision);
!   independent: the same distribution of lengths and sequences from a schedule fixed in advance, so calls overlap.
! Prints one line per pattern: ns per number, numbers, calls, and a checksum that keeps the numbers used.
program rmmard_latency
  use, intrinsic :: iso_fortran_env, only: int64
  implicit none
  integer, parameter :: nseq = 4, ncalls = 4000000, nsched = 65536
  integer :: iseed(3), l, i, sched_n(nsched), sched_q(nsched)
  integer(int64) :: x
  double precision :: sum_dep, sum_ind, t_dep, t_ind
  integer(int64) :: num_dep, num_ind

  do l = 1, nseq
    iseed = [1000003 * l + 17, 0, 0]
    call rmmaqd(iseed, l, 'S')
  end do
  ! The independent pattern's schedule: lengths 1..10 and sequences 1..4 (70 / 25 / 4 / 1 %) from MINSTD.
  x = 12345_int64
  do i = 1, nsched
    x = mod(x * 48271_int64, 2147483647_int64)
    sched_n(i) = 1 + int(mod(x / 1024_int64, 10_int64))
    x = mod(x * 48271_int64, 2147483647_int64)
    sched_q(i) = sequence_of(dble(mod(x / 1024_int64, 100_int64)) / 100d0)
  end do
  call touch_common()

  call run_dependent(sum_dep, num_dep, t_dep)
  call run_independent(sum_ind, num_ind, t_ind)
  write (*, '(A,F8.3,A,I0,A,I0,A,ES22.15)') 'dependent:   ', 1d9 * t_dep / dble(num_dep), ' ns per number, ', &
    num_dep, ' numbers, ', ncalls, ' calls, checksum ', sum_dep
  write (*, '(A,F8.3,A,I0,A,I0,A,ES22.15)') 'independent: ', 1d9 * t_ind / dble(num_ind), ' ns per number, ', &
    num_ind, ' numbers, ', ncalls, ' calls, checksum ', sum_ind

contains

  include '../../examples/fortran/corsika_sequence.inc'

  subroutine run_dependent(s, count, seconds)
    double precision, intent(out) :: s, seconds
    integer(int64), intent(out) :: count
    double precision :: rd(10)
    integer :: icall, n, iseq
    integer(int64) :: t0, t1, rate
    s = 0
    count = 0
    n = 3
    iseq = 1
    call system_clock(t0, rate)
    do icall = 1, ncalls
      call rmmard(rd, n, iseq)
      s = s + rd(1)
      count = count + n
      iseq = sequence_of(rd(1))
      n = 1 + int(rd(n) * 10d0)
    end do
    call system_clock(t1)
    seconds = dble(t1 - t0) / dble(rate)
  end subroutine

  subroutine run_independent(s, count, seconds)
    double precision, intent(out) :: s, seconds
    integer(int64), intent(out) :: count
    double precision :: rd(10)
    integer :: icall, n, iseq, k
    integer(int64) :: t0, t1, rate
    s = 0
    count = 0
    call system_clock(t0, rate)
    do icall = 1, ncalls
      k = 1 + iand(icall, nsched - 1)
      n = sched_n(k)
      iseq = sched_q(k)
      call rmmard(rd, n, iseq)
      s = s + rd(1)
      count = count + n
    end do
    call system_clock(t1)
    seconds = dble(t1 - t0) / dble(rate)
  end subroutine

end program

! CORSIKA's /CRRANMA4/ for KSEQ = 8, declared by the program as CORSIKA's own routines declare it.
subroutine touch_common()
  implicit none
  integer, parameter :: kseq = 8
  double precision :: c(kseq), u(97, kseq)
  integer :: ijkl(kseq), i97(kseq), j97(kseq), ntot(kseq), ntot2(kseq), jseq
  common /crranma4/ c, u, ijkl, i97, j97, ntot, ntot2, jseq
  if (jseq < 0) print *, c(1), u(1, 1), ijkl(1), i97(1), j97(1), ntot(1), ntot2(1)
end subroutine

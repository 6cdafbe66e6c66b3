! SPDX-License-Identifier: BSD-3-Clause
! A recipe for CORSIKA-style codes that can change their seeding, run in MPI ranks (docs/SCALING.md, MPI): every
! sub-shower s draws its RMMARD sequences j = 1..4 from its own stretch of the one RMMARD stream of seed 54217137,
! placed by RMMAQD's restart triple (IJKL, NTOT, NTOT2) = (54217137, 0, (4 s + j - 1) * 100000): 10**14 numbers a
! sequence, far more than a shower draws, so no two sequences of any sub-shower overlap, whichever rank runs it. (The
! triple reaches 2**31 * 10**9 numbers: this layout holds 5368 sub-showers; the C API's streams, k * 2**64, hold more.)
! Sub-shower s runs on rank mod(s, ranks); its checksum does not depend on the rank count, which the test checks by
! running 1, 2 and 3 ranks. Each sequence's first number is also checked against the C API (gpurng module):
! RANMAR48 at offset NTOT2 * 10**9 is RMMARD's stream there; and libgpurng_mpi's stream policy from Fortran
! (gpurngMpiCreateGenerator) against a generator on the rank's stream. Rank 0 prints the checksums and "corsika_mpi: ok".
program corsika_mpi
  use, intrinsic :: iso_c_binding, only: c_ptr, c_long_long, c_size_t, c_double
  use, intrinsic :: iso_fortran_env, only: int64
  use mpi
  use gpurng
  implicit none
  integer, parameter :: nsub = 12, nseq = 4, ncalls = 20000, block = 100000
  integer :: ierr, rank, ranks, s, bad, all_bad
  integer(int64) :: mine(nsub), sums(nsub)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, ranks, ierr)
  mine = 0
  bad = 0
  call check_stream_policy(bad)
  do s = rank, nsub - 1, ranks
    call subshower(s, mine(s + 1), bad)
  end do
  ! Each sub-shower's checksum comes from one rank, the others add zero.
  call MPI_Reduce(mine, sums, nsub, MPI_INTEGER8, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  call MPI_Reduce(bad, all_bad, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) then
    do s = 1, nsub
      write (*, '(A,I3,A,Z16.16)') 'sub-shower ', s - 1, ' checksum ', sums(s)
    end do
    if (all_bad == 0 .and. all(sums /= 0)) then
      write (*, '(A,I0,A)') 'corsika_mpi: ok (', ranks, ' ranks)'
    else
      write (*, '(A,I0,A)') 'corsika_mpi: FAILED (', all_bad, ' sequences differ from the C API)'
    end if
  end if
  call MPI_Finalize(ierr)

contains

  ! The C API's own MPI placement (libgpurng_mpi, GPURNG_MPI_STREAMS): rank r draws stream r of RANMAR48, as a
  ! generator put on that stream by hand does. The communicator goes as the integer handle `use mpi` gives.
  subroutine check_stream_policy(bad)
    integer, intent(inout) :: bad
    type(c_ptr) :: g, h
    real(c_double) :: a(5), b(5)
    if (gpurngMpiCreateGenerator(g, MPI_COMM_WORLD, GPURNG_RNG_PSEUDO_RANMAR48, 54217137_c_long_long, &
                                 GPURNG_MPI_STREAMS, 0_c_long_long) /= GPURNG_STATUS_SUCCESS) error stop 1
    if (gpurngGenerateUniformDouble(g, a, 5_c_size_t) /= GPURNG_STATUS_SUCCESS) error stop 1
    if (gpurngCreateGeneratorHost(h, GPURNG_RNG_PSEUDO_RANMAR48) /= GPURNG_STATUS_SUCCESS) error stop 1
    if (gpurngSetGeneratorStream(h, int(rank, c_long_long)) /= GPURNG_STATUS_SUCCESS) error stop 1
    if (gpurngGenerateUniformDouble(h, b, 5_c_size_t) /= GPURNG_STATUS_SUCCESS) error stop 1
    if (any(a /= b)) bad = bad + 1
    if (gpurngDestroyGenerator(g) /= GPURNG_STATUS_SUCCESS .or. gpurngDestroyGenerator(h) /= GPURNG_STATUS_SUCCESS) &
      error stop 1
  end subroutine

  ! Sub-shower s: seed its sequences by restart triple, check each against the C API, then a CORSIKA-like loop.
  subroutine subshower(s, h, bad)
    integer, intent(in) :: s
    integer(int64), intent(out) :: h
    integer, intent(inout) :: bad
    integer :: iseed(3), j, iseq, icall, n, i
    double precision :: rd(10)
    type(c_ptr) :: g
    real(c_double) :: x(1)
    do j = 1, nseq
      iseed = [54217137, 0, (nseq * s + j - 1) * block]
      iseq = j
      call rmmaqd(iseed, iseq, 'S')
      call rmmard(rd, 1, j)
      if (gpurngCreateGeneratorHost(g, GPURNG_RNG_PSEUDO_RANMAR48) /= GPURNG_STATUS_SUCCESS) error stop 1
      if (gpurngSetGeneratorOffset(g, int(iseed(3), c_long_long) * 1000000000_c_long_long) /= GPURNG_STATUS_SUCCESS) &
        error stop 1
      if (gpurngGenerateUniformDouble(g, x, 1_c_size_t) /= GPURNG_STATUS_SUCCESS) error stop 1
      if (gpurngDestroyGenerator(g) /= GPURNG_STATUS_SUCCESS) error stop 1
      if (x(1) /= rd(1)) bad = bad + 1
    end do
    h = 0
    iseq = 1
    n = 3
    do icall = 1, ncalls
      call rmmard(rd, n, iseq)
      do i = 1, n
        h = ieor(ishftc(h, 7), transfer(rd(i), h))
      end do
      iseq = sequence_of(rd(1))
      n = 1 + int(rd(n) * 10d0)
    end do
  end subroutine

  include 'corsika_sequence.inc'

end program corsika_mpi

! SPDX-License-Identifier: BSD-3-Clause
! libgpurng_mpi from a program that uses mpi_f08 (module gpurng_mpi_f08, fortran/gpurng_mpi_f08.f90): the communicator
! goes as type(MPI_Comm). Every rank creates the same RANMAR48 generator (seed 54217137, stream 3) with the block
! policy and fills its part of one collective call of total numbers; rank 0 gathers the parts in rank order and checks
! them bit for bit against one ordinary generator on stream 3 filling all total numbers, which is the policy's promise
! for any number of ranks (the test runs 1, 2 and 3). It also checks that MPI_COMM_NULL is refused without a collective.
! Rank 0 prints "mpi_f08_fill: ok (N ranks)" only if everything matched.
program mpi_f08_fill
  use, intrinsic :: iso_c_binding, only: c_ptr, c_int, c_long_long, c_size_t, c_double
  use mpi_f08
  use gpurng
  use gpurng_mpi_f08
  implicit none
  ! A prime total, so that the parts of 2 and 3 ranks differ in size.
  integer(c_size_t), parameter :: total = 100003_c_size_t
  integer(c_long_long), parameter :: seed = 54217137_c_long_long, stream = 3_c_long_long
  integer :: rank, ranks, r, bad, all_bad
  integer(c_size_t) :: count
  integer, allocatable :: counts(:), displs(:)
  real(c_double), allocatable :: part(:), whole(:), ref(:)
  type(c_ptr) :: g, h

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, ranks)
  bad = 0

  ! A null communicator is refused on the spot (no rank waits in a collective) and leaves no generator.
  if (gpurngMpiCreateGeneratorF08(g, MPI_COMM_NULL, GPURNG_RNG_PSEUDO_RANMAR48, seed, GPURNG_MPI_BLOCKS, stream) &
      /= GPURNG_STATUS_NOT_INITIALIZED) bad = bad + 1

  if (gpurngMpiCreateGeneratorF08(g, MPI_COMM_WORLD, GPURNG_RNG_PSEUDO_RANMAR48, seed, GPURNG_MPI_BLOCKS, stream) &
      /= GPURNG_STATUS_SUCCESS) error stop 1
  ! Room for all total numbers: a rank's part is at most ceiling(total / ranks), and 1 rank gets them all.
  allocate (part(total))
  if (gpurngMpiGenerateUniformDoubleF08(g, MPI_COMM_WORLD, total, part, count) /= GPURNG_STATUS_SUCCESS) error stop 1
  if (gpurngDestroyGenerator(g) /= GPURNG_STATUS_SUCCESS) error stop 1
  ! The header's split: rank r gets [floor(total r / P), floor(total (r + 1) / P)).
  if (count /= total * (rank + 1) / ranks - total * rank / ranks) bad = bad + 1

  ! Rank 0 collects the parts in rank order; counts and displacements come from the ranks' own counts.
  allocate (counts(ranks), displs(ranks), whole(total))
  call MPI_Gather(int(count), 1, MPI_INTEGER, counts, 1, MPI_INTEGER, 0, MPI_COMM_WORLD)
  if (rank == 0) then
    displs(1) = 0
    do r = 2, ranks
      displs(r) = displs(r - 1) + counts(r - 1)
    end do
    if (sum(int(counts, c_size_t)) /= total) bad = bad + 1
  end if
  call MPI_Gatherv(part, int(count), MPI_DOUBLE_PRECISION, whole, counts, displs, MPI_DOUBLE_PRECISION, 0, &
                   MPI_COMM_WORLD)

  if (rank == 0 .and. bad == 0) then
    ! One process's call: a generator put on the same stream by hand, filling all total numbers at once.
    allocate (ref(total))
    if (gpurngCreateGenerator(h, GPURNG_RNG_PSEUDO_RANMAR48) /= GPURNG_STATUS_SUCCESS) error stop 1
    if (gpurngSetPseudoRandomGeneratorSeed(h, seed) /= GPURNG_STATUS_SUCCESS) error stop 1
    if (gpurngSetGeneratorStream(h, stream) /= GPURNG_STATUS_SUCCESS) error stop 1
    if (gpurngGenerateUniformDouble(h, ref, total) /= GPURNG_STATUS_SUCCESS) error stop 1
    if (gpurngDestroyGenerator(h) /= GPURNG_STATUS_SUCCESS) error stop 1
    ! Bit for bit: compare the bit patterns, not the values.
    if (any(transfer(whole, 1_c_long_long, size(whole)) /= transfer(ref, 1_c_long_long, size(ref)))) bad = bad + 1
  end if

  call MPI_Reduce(bad, all_bad, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD)
  if (rank == 0) then
    if (all_bad == 0) then
      write (*, '(A,I0,A)') 'mpi_f08_fill: ok (', ranks, ' ranks)'
    else
      write (*, '(A,I0,A)') 'mpi_f08_fill: FAILED (', all_bad, ' checks failed)'
    end if
  end if
  call MPI_Finalize()
end program mpi_f08_fill

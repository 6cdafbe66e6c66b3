! SPDX-License-Identifier: BSD-3-Clause
!
! gpurng_mpi_f08: libgpurng_mpi (include/gpurng_mpi.h) for programs that `use mpi_f08`. Each function of the header
! has here a module function of the same name with the suffix F08 (gpurngMpiCreateGenerator ->
! gpurngMpiCreateGeneratorF08) that takes the communicator as type(MPI_Comm) and forwards to the gpurng module's
! bind(C) interface with comm%MPI_VAL, the communicator's Fortran handle. Every other argument, and the integer(c_int)
! status returned, is the bind(C) interface's; what each call does is documented in gpurng_mpi.h.
!
! Ship and use it as source, like gpurng.f90: compile it with your program's MPI Fortran compiler (mpifort), because
! the .mod files of mpi_f08 are specific to one MPI and one compiler, after gpurng.f90; `use gpurng_mpi_f08`, link
! with -lgpurng_mpi -lgpurng and your MPI. It compiles with -std=f2008.
!
! Programs that `use mpi` or include mpif.h need none of this: they pass their integer communicator handle to the
! gpurng module's functions (gpurngMpiCreateGenerator, ...) directly.
module gpurng_mpi_f08
  use, intrinsic :: iso_c_binding, only: c_ptr, c_int, c_size_t, c_long_long, c_float, c_double
  use mpi_f08, only: MPI_Comm
  use gpurng, only: gpurngMpiCreateGenerator, gpurngMpiGenerateUniform, gpurngMpiGenerateUniformDouble, &
                    gpurngMpiGenerate, gpurngMpiGenerateLongLong, gpurngMpiCreatePricer, &
                    gpurngMpiBlackScholesPde1dDouble, gpurngMpiBlackScholesPde1dFloat, gpurngMpiDgtsvStridedBatch, &
                    gpurngMpiSgtsvStridedBatch
  implicit none
  private
  public :: gpurngMpiCreateGeneratorF08, gpurngMpiGenerateUniformF08, gpurngMpiGenerateUniformDoubleF08, &
            gpurngMpiGenerateF08, gpurngMpiGenerateLongLongF08, gpurngMpiCreatePricerF08, &
            gpurngMpiBlackScholesPde1dDoubleF08, gpurngMpiBlackScholesPde1dFloatF08, gpurngMpiDgtsvStridedBatchF08, &
            gpurngMpiSgtsvStridedBatchF08

contains

  function gpurngMpiCreateGeneratorF08(generator, comm, rng_type, seed, policy, first_stream) result(status)
    type(c_ptr), intent(out) :: generator
    type(MPI_Comm), intent(in) :: comm
    integer(c_int), intent(in) :: rng_type
    integer(c_long_long), intent(in) :: seed
    integer(c_int), intent(in) :: policy
    integer(c_long_long), intent(in) :: first_stream
    integer(c_int) :: status
    status = gpurngMpiCreateGenerator(generator, comm%MPI_VAL, rng_type, seed, policy, first_stream)
  end function gpurngMpiCreateGeneratorF08

  ! Block fills: rank r's part of the next total numbers into output (count: how many).
  function gpurngMpiGenerateUniformF08(generator, comm, total, output, count) result(status)
    type(c_ptr), value :: generator
    type(MPI_Comm), intent(in) :: comm
    integer(c_size_t), intent(in) :: total
    real(c_float), intent(out) :: output(*)
    integer(c_size_t), intent(out) :: count
    integer(c_int) :: status
    status = gpurngMpiGenerateUniform(generator, comm%MPI_VAL, total, output, count)
  end function gpurngMpiGenerateUniformF08

  function gpurngMpiGenerateUniformDoubleF08(generator, comm, total, output, count) result(status)
    type(c_ptr), value :: generator
    type(MPI_Comm), intent(in) :: comm
    integer(c_size_t), intent(in) :: total
    real(c_double), intent(out) :: output(*)
    integer(c_size_t), intent(out) :: count
    integer(c_int) :: status
    status = gpurngMpiGenerateUniformDouble(generator, comm%MPI_VAL, total, output, count)
  end function gpurngMpiGenerateUniformDoubleF08

  function gpurngMpiGenerateF08(generator, comm, total, output, count) result(status)
    type(c_ptr), value :: generator
    type(MPI_Comm), intent(in) :: comm
    integer(c_size_t), intent(in) :: total
    integer(c_int), intent(out) :: output(*)
    integer(c_size_t), intent(out) :: count
    integer(c_int) :: status
    status = gpurngMpiGenerate(generator, comm%MPI_VAL, total, output, count)
  end function gpurngMpiGenerateF08

  function gpurngMpiGenerateLongLongF08(generator, comm, total, output, count) result(status)
    type(c_ptr), value :: generator
    type(MPI_Comm), intent(in) :: comm
    integer(c_size_t), intent(in) :: total
    integer(c_long_long), intent(out) :: output(*)
    integer(c_size_t), intent(out) :: count
    integer(c_int) :: status
    status = gpurngMpiGenerateLongLong(generator, comm%MPI_VAL, total, output, count)
  end function gpurngMpiGenerateLongLongF08

  ! A pricer whose calls split their paths over the ranks; the library keeps the handle, so comm must outlive it.
  function gpurngMpiCreatePricerF08(pricer, comm, backend) result(status)
    type(c_ptr), intent(out) :: pricer
    type(MPI_Comm), intent(in) :: comm
    integer(c_int), intent(in) :: backend
    integer(c_int) :: status
    status = gpurngMpiCreatePricer(pricer, comm%MPI_VAL, backend)
  end function gpurngMpiCreatePricerF08

  ! PDE and strided tridiagonal batches split over the ranks, every output on every rank.
  function gpurngMpiBlackScholesPde1dDoubleF08(solver, comm, scheme, J, N, Smax, count, kind, S0, strike, rate, &
                                               sigma, maturity, price, delta, gamma, grid, info) result(status)
    type(c_ptr), value :: solver
    type(MPI_Comm), intent(in) :: comm
    integer(c_int), intent(in) :: scheme, J, N
    real(c_double), intent(in) :: Smax
    integer(c_int), intent(in) :: count
    integer(c_int), intent(in) :: kind(*)
    real(c_double), intent(in) :: S0(*), strike(*), rate(*), sigma(*), maturity(*)
    real(c_double), intent(out) :: price(*)
    type(c_ptr), value :: delta, gamma, grid, info
    integer(c_int) :: status
    status = gpurngMpiBlackScholesPde1dDouble(solver, comm%MPI_VAL, scheme, J, N, Smax, count, kind, S0, strike, &
                                              rate, sigma, maturity, price, delta, gamma, grid, info)
  end function gpurngMpiBlackScholesPde1dDoubleF08

  function gpurngMpiBlackScholesPde1dFloatF08(solver, comm, scheme, J, N, Smax, count, kind, S0, strike, rate, &
                                              sigma, maturity, price, delta, gamma, grid, info) result(status)
    type(c_ptr), value :: solver
    type(MPI_Comm), intent(in) :: comm
    integer(c_int), intent(in) :: scheme, J, N
    real(c_float), intent(in) :: Smax
    integer(c_int), intent(in) :: count
    integer(c_int), intent(in) :: kind(*)
    real(c_float), intent(in) :: S0(*), strike(*), rate(*), sigma(*), maturity(*)
    real(c_float), intent(out) :: price(*)
    type(c_ptr), value :: delta, gamma, grid, info
    integer(c_int) :: status
    status = gpurngMpiBlackScholesPde1dFloat(solver, comm%MPI_VAL, scheme, J, N, Smax, count, kind, S0, strike, &
                                             rate, sigma, maturity, price, delta, gamma, grid, info)
  end function gpurngMpiBlackScholesPde1dFloatF08

  function gpurngMpiDgtsvStridedBatchF08(solver, comm, m, dl, d, du, x, batchCount, batchStride, info) result(status)
    type(c_ptr), value :: solver
    type(MPI_Comm), intent(in) :: comm
    integer(c_int), intent(in) :: m
    real(c_double), intent(in) :: dl(*), d(*), du(*)
    real(c_double), intent(inout) :: x(*)
    integer(c_int), intent(in) :: batchCount, batchStride
    type(c_ptr), value :: info
    integer(c_int) :: status
    status = gpurngMpiDgtsvStridedBatch(solver, comm%MPI_VAL, m, dl, d, du, x, batchCount, batchStride, info)
  end function gpurngMpiDgtsvStridedBatchF08

  function gpurngMpiSgtsvStridedBatchF08(solver, comm, m, dl, d, du, x, batchCount, batchStride, info) result(status)
    type(c_ptr), value :: solver
    type(MPI_Comm), intent(in) :: comm
    integer(c_int), intent(in) :: m
    real(c_float), intent(in) :: dl(*), d(*), du(*)
    real(c_float), intent(inout) :: x(*)
    integer(c_int), intent(in) :: batchCount, batchStride
    type(c_ptr), value :: info
    integer(c_int) :: status
    status = gpurngMpiSgtsvStridedBatch(solver, comm%MPI_VAL, m, dl, d, du, x, batchCount, batchStride, info)
  end function gpurngMpiSgtsvStridedBatchF08

end module gpurng_mpi_f08

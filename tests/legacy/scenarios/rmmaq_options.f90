! SPDX-License-Identifier: BSD-3-Clause
! CERNLIB V113 RMMAQ option strings (case-sensitive INDEX tests on a CHARACTER*12
! copy; 'S' tested before 'R'): 'S', 's', 'r', 'v', 'sv', 'Rv', 'R' with ISEQ 0 and
! negative (JSEQ written back), 'R' with ISEQ > 0, 'SR', 'RS', ' S', 'VS', 'XYZ',
! an option whose 'S' is the 13th character (beyond the copy: no-op), 12 blanks + 'S'
! (blank: default seed), the empty string, 'S' with ISEQ 0 (current JSEQ).
! After every call: JSEQ and all five records of /RANMA2/, the caller's ISEQ and
! ISEED(1..4), then three draws on the current sequence (none while the current
! sequence's record is still all zero, e.g. after 'R' on sequence 5).
program rmmaq_options
  implicit none
  external rmmar, rmmaq
  integer :: jseq, iu(103*5)
  common /ranma2/ jseq, iu
  integer :: is(103), iseq
  real :: v(3)

  call step('S.seq2', [111111, 0, 0], 2, 'S')
  call step('S.seq1', [222222, 5, 0], 1, 'S')
  call step('lower.s', [333333, 0, 0], 4, 's')
  call step('lower.r', [0, 0, 0], 0, 'r')
  call step('lower.v', [0, 0, 0], 0, 'v')
  call step('lower.sv', [0, 0, 0], 3, 'sv')
  call step('lower.rv', [0, 0, 0], 0, 'rv')
  call step('V.alone', [0, 0, 0], 5, 'V')
  call step('Rv.is.R', [0, 0, 0], 2, 'Rv')
  call step('R.iseq0', [0, 0, 0], 0, 'R')
  call step('R.iseqneg', [0, 0, 0], -5, 'R')
  call step('R.iseq1', [0, 0, 0], 1, 'R')
  call step('R.uninit.seq5', [0, 0, 0], 5, 'R')
  call step('SR.seq4', [444444, 3, 0], 4, 'SR')
  call step('RS.seq3', [555555, 0, 0], 3, 'RS')
  call step('space.S.seq1', [666666, 2, 0], 1, ' S')
  call step('XYZ', [777777, 0, 0], 2, 'XYZ')
  call step('S.at.13', [888888, 0, 0], 2, 'XXXXXXXXXXXXS')
  call step('blank12.S.seq2', [999999, 7, 0], 2, '            S')
  call step('empty', [123, 0, 0], 0, '')
  call step('S.iseq0', [321, 4, 0], 0, 'S')
  call step('S.iseqneg', [4321, 0, 0], -2, 'S')
  call step('blank.iseq5', [1, 1, 1], 5, ' ')
  call step('long.blank', [1, 1, 1], 0, '                    ')
  call step('R.final', [0, 0, 0], 0, 'R')

contains
  subroutine step(tag, seed3, iseq0, opt)
    character(len=*), intent(in) :: tag, opt
    integer, intent(in) :: seed3(3), iseq0
    integer :: k
    character(len=60) :: t
    is = -9
    is(1:3) = seed3
    iseq = iseq0
    call puts('# '//tag)
    call rmmaq(is, iseq, opt)
    call puti(tag//'.jseq', jseq)
    call puti(tag//'.iseq', iseq)
    do k = 1, 4
      write(t, '(A,A,I0)') tag, '.iseed', k
      call puti(trim(t), is(k))
    end do
    do k = 1, 5
      call digest(tag, k)
    end do
    if (jseq >= 1 .and. jseq <= 5) then
      if (iu((jseq - 1) * 103 + 102) /= 0) then
        call rmmar(v, 3, 0)
        call putrv(tag//'.draw', v, 3, 3)
      else
        call puts(tag//'.draw skipped: current sequence not initialised')
      end if
    end if
  end subroutine step

  subroutine digest(tag, ks)
    character(len=*), intent(in) :: tag
    integer, intent(in) :: ks
    integer :: b, w
    integer(8) :: h
    character(len=60) :: t
    b = (ks - 1) * 103
    write(t, '(A,A,I0)') tag, '.rec', ks
    call puti(trim(t)//'.ijkl', iu(b + 1))
    call puti(trim(t)//'.ntot', iu(b + 2))
    call puti(trim(t)//'.ntot2', iu(b + 3))
    call putz(trim(t)//'.c', iu(b + 101))
    call puti(trim(t)//'.i97', iu(b + 102))
    call puti(trim(t)//'.j97', iu(b + 103))
    h = 0
    do w = 4, 100
      h = mod(h * 65599_8 + int(iu(b + w), 8) + 2147483648_8, 2147483647_8)
    end do
    call putz(trim(t)//'.uhash', int(h, 4))
  end subroutine digest
end program rmmaq_options
